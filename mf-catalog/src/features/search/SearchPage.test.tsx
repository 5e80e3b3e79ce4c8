import { SEARCH_PAGE_SIZE, type SearchBody, type SearchBranchHit, setStored } from '@lab/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { card, searchResponse } from '../../test/fixtures';
import { CITY, renderAt, resetBrowserState, setUpI18n } from '../../test/render';
import { serveCatalogue } from '../../test/server';
import { SearchPage } from './SearchPage';

beforeAll(setUpI18n);
beforeEach(() => {
  resetBrowserState();
  setStored('cityId', CITY);
});

const services = Array.from({ length: 14 }, (_, index) => card(index + 1, { title: `Аналіз крові ${index + 1}` }));
const packages = [card(50, { title: 'Check-up', packageService: true })];

/** Pages of the services group; the other groups fit on the first page. */
function answer(body: SearchBody) {
  const page = body.page ?? 0;
  const size = body.size ?? SEARCH_PAGE_SIZE;
  const response = searchResponse(
    services.slice(page * size, page * size + size),
    page === 0 ? packages : [],
    page === 0 ? [{ id: 5, title: 'Гематологія', slug: 'hematology' }] : [],
    { services: services.length, packages: 1, groups: 1 },
  );
  return { totalCount: 16, groups: response.groups.filter((group) => body.types.includes(group.type)) };
}

describe('search page', () => {
  it('shows each group with its total and section id; loads more of one group', async () => {
    const { requests } = serveCatalogue({ search: answer });
    renderAt(<SearchPage />, `/search?query=${encodeURIComponent('кров')}`);
    const servicesSection = await screen.findByRole('region', { name: /Аналізи/ });
    await waitFor(() => expect(within(servicesSection).getAllByRole('listitem')).toHaveLength(10));
    expect(servicesSection).toHaveAttribute('id', 'services');
    expect(servicesSection).toHaveTextContent('14');
    expect(screen.getByRole('region', { name: /Пакети аналізів/ })).toHaveAttribute('id', 'service-packages');
    const categories = screen.getByRole('region', { name: /Категорії/ });
    expect(categories).toHaveAttribute('id', 'categories');
    expect(within(categories).getByRole('link', { name: 'Гематологія' })).toHaveAttribute(
      'href',
      '/analyzes/hematology',
    );
    expect(screen.getByText('За запитом «кров» знайдено: 16')).toBeInTheDocument();

    await userEvent.click(within(servicesSection).getByRole('button', { name: 'Показати ще: Аналізи' }));
    await waitFor(() => expect(within(servicesSection).getAllByRole('listitem')).toHaveLength(14));
    expect(within(servicesSection).getByRole('link', { name: 'Аналіз крові 11' })).toHaveFocus();
    expect(within(servicesSection).queryByRole('button', { name: /Показати ще/ })).not.toBeInTheDocument();
    const more = requests.filter((request) => request.url === '/search/search').at(-1);
    expect(JSON.parse(String(more?.data))).toMatchObject({ query: 'кров', types: ['services'], page: 1 });
  });

  it('edits the query in place', async () => {
    serveCatalogue({ search: answer });
    renderAt(<SearchPage />, '/search?query=abc');
    const input = screen.getByRole('searchbox', { name: 'Назва або код аналізу' });
    expect(input).toHaveValue('abc');
    await userEvent.clear(input);
    expect(screen.getByRole('button', { name: 'Знайти' })).toBeDisabled();
    await userEvent.type(input, 'феритин{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(`/search?query=${encodeURIComponent('феритин')}`);
  });

  it('names each branch found with its city', async () => {
    const branch: SearchBranchHit = {
      id: 7,
      settlementId: CITY,
      settlementTitle: 'Бердичів',
      title: 'Відділення на Незалежності',
      address: 'вул. Незалежності, 47',
      lat: 49.9,
      lon: 28.6,
      phone: null,
      partner: false,
      schedule: [],
      services: {
        covidTest: true,
        childNurse: false,
        cardTerminal: true,
        ramp: false,
        gynecologicalChair: false,
        urogenitalMale: false,
        everyDay: false,
      },
      status: 'open',
    };
    serveCatalogue({
      search: () => ({
        groups: [{ type: 'branches', items: { totalElements: 1, content: [{ branch }] } }],
        totalCount: 1,
      }),
    });
    renderAt(<SearchPage />, `/search?query=${encodeURIComponent('незалежності')}`);
    const branches = await screen.findByRole('region', { name: /Відділення/ });
    expect(await within(branches).findByRole('link', { name: 'Бердичів, вул. Незалежності, 47' })).toHaveAttribute(
      'href',
      '/contacts',
    );
  });

  it('says in two lines that nothing was found', async () => {
    serveCatalogue({ search: () => ({ groups: [], totalCount: 0 }) });
    renderAt(<SearchPage />, '/search?query=zzz');
    expect(await screen.findByText('За запитом «zzz» нічого не знайдено')).toBeInTheDocument();
    expect(screen.getByText('Перевірте написання або пошукайте за кодом аналізу.')).toBeInTheDocument();
  });
});
