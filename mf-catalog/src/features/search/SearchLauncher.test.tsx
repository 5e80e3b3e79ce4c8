import { setStored } from '@lab/api';
import type { ApiRequest } from '@lab/api/test/fake-adapter';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { card, searchResponse } from '../../test/fixtures';
import {
  bodyOf,
  CITY,
  installAdapter,
  ok,
  Providers,
  type Reply,
  resetBrowserState,
  setUpI18n,
} from '../../test/render';
import { addToHistory, removeFromHistory } from './history';
import { dropdownRows } from './results';
import { SearchLauncher } from './SearchLauncher';
import { LOADING_CLEAR_MS, SEARCH_DEBOUNCE_MS } from './useLiveSearch';

const blood = card(1, { title: 'Загальний аналіз крові', slug: 'zahalnyi-analiz-krovi', code: '1002' });
const ferritin = card(2, {
  title: 'Феритин',
  slug: 'ferytyn',
  price: { price: { price: 1250 }, originalPrice: { price: 1500 } },
});
const checkUp = card(3, { title: 'Check-up базовий', slug: 'check-up', packageService: true });

type Pending = { request: ApiRequest; resolve: (reply: Reply) => void };

/** A search endpoint that answers only when the test says so. */
function manualSearch() {
  const pending: Pending[] = [];
  installAdapter(
    (request) =>
      new Promise<Reply>((resolve) => {
        pending.push({ request, resolve });
      }),
  );
  return pending;
}

function openModal() {
  render(
    <Providers route="/contacts">
      <SearchLauncher />
    </Providers>,
  );
  const opener = screen.getByRole('button', { name: 'Пошук аналізів' });
  opener.focus();
  fireEvent.click(opener);
  return screen.getByRole('combobox', { name: 'Назва або код аналізу' });
}

async function type(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
}

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

/** Types, waits out the debounce, answers, and waits out the loading flag. */
async function searchFor(input: HTMLElement, text: string, pending: Pending[], reply: Reply) {
  await type(input, text);
  await advance(SEARCH_DEBOUNCE_MS);
  await act(async () => {
    pending.at(-1)?.resolve(reply);
  });
  await advance(LOADING_CLEAR_MS);
}

const location = () => screen.getByTestId('location').textContent;

beforeAll(setUpI18n);
beforeEach(() => {
  resetBrowserState();
  setStored('cityId', CITY);
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('live results', () => {
  it('asks 500 ms after the last keystroke, with the city and the dropdown types', async () => {
    const pending = manualSearch();
    const input = openModal();
    expect(input).toHaveFocus();
    await type(input, 'кр');
    await advance(300);
    await type(input, 'кров');
    await advance(SEARCH_DEBOUNCE_MS - 1);
    expect(pending).toHaveLength(0);
    await advance(1);
    expect(pending).toHaveLength(1);
    expect(bodyOf(pending[0]?.request as ApiRequest)).toEqual({
      settlementId: CITY,
      query: 'кров',
      types: ['services', 'service-packages', 'service-groups'],
      page: 0,
      size: 9,
    });
  });

  it('a new query cancels the pending one, whose late answer is never shown', async () => {
    const pending = manualSearch();
    const input = openModal();
    await type(input, 'феритин');
    await advance(SEARCH_DEBOUNCE_MS);
    const first = pending[0];
    expect(first?.request.signal?.aborted).toBe(false);
    await type(input, 'кров');
    expect(first?.request.signal?.aborted).toBe(true);
    await advance(SEARCH_DEBOUNCE_MS);
    await act(async () => {
      pending[1]?.resolve(ok(searchResponse([blood])));
      first?.resolve(ok(searchResponse([ferritin])));
    });
    await advance(LOADING_CLEAR_MS);
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(1);
    expect(options[0]).toHaveTextContent('Загальний аналіз крові');
  });

  it('shows 9 skeleton rows and 3 chips while loading, cleared 100 ms after the results', async () => {
    const pending = manualSearch();
    const input = openModal();
    await type(input, 'кров');
    expect(within(screen.getByTestId('search-row-skeletons')).getAllByRole('listitem', { hidden: true })).toHaveLength(
      9,
    );
    expect(screen.getByTestId('search-chip-skeletons').children).toHaveLength(3);
    await advance(SEARCH_DEBOUNCE_MS);
    await act(async () => {
      pending[0]?.resolve(ok(searchResponse([blood, ferritin], [checkUp])));
    });
    await advance(LOADING_CLEAR_MS - 1);
    expect(screen.getByTestId('search-row-skeletons')).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByTestId('search-row-skeletons')).not.toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows prices, a discount with the original struck out, and the totals chips', async () => {
    const pending = manualSearch();
    const input = openModal();
    await searchFor(
      input,
      'фер',
      pending,
      ok(
        searchResponse([ferritin], [checkUp], [{ id: 5, title: 'Анемія', slug: 'anemia' }], {
          services: 24,
          packages: 3,
          groups: 1,
        }),
      ),
    );
    const option = screen.getByRole('option', { name: /Феритин/ });
    expect(option).toHaveTextContent('1 250 грн');
    expect(option.querySelector('s')).toHaveTextContent('1 500 грн');
    const chips = screen.getByRole('navigation', { name: 'Усі результати за групами' });
    expect(within(chips).getByRole('link', { name: /Аналізи/ })).toHaveTextContent('24');
    expect(within(chips).getByRole('link', { name: /Пакети/ })).toHaveTextContent('3');
    expect(within(chips).getByRole('link', { name: /Категорії/ })).toHaveTextContent('1');
  });

  it('a chip outside /search goes to the results page at its group and closes the modal', async () => {
    const pending = manualSearch();
    const input = openModal();
    await searchFor(input, 'фер', pending, ok(searchResponse([ferritin], [checkUp])));
    fireEvent.click(screen.getByRole('link', { name: /Пакети/ }));
    expect(location()).toBe(`/search?query=${encodeURIComponent('фер')}#service-packages`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says in two lines that nothing was found', async () => {
    const pending = manualSearch();
    const input = openModal();
    await searchFor(input, 'ыыы', pending, ok(searchResponse([])));
    const status = screen.getByText('За запитом «ыыы» нічого не знайдено').parentElement as HTMLElement;
    expect(status).toHaveAttribute('role', 'status');
    expect(status.querySelectorAll('p')).toHaveLength(2);
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows a failure with a retry that asks again', async () => {
    const pending = manualSearch();
    const input = openModal();
    await searchFor(input, 'кров', pending, { status: 500, data: { code: 'internal', message: 'Сервер недоступний' } });
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('Сервер недоступний');
    fireEvent.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    await advance(SEARCH_DEBOUNCE_MS);
    expect(pending).toHaveLength(2);
    await act(async () => {
      pending[1]?.resolve(ok(searchResponse([blood])));
    });
    await advance(LOADING_CLEAR_MS);
    expect(screen.getByRole('option', { name: /Загальний аналіз крові/ })).toBeInTheDocument();
  });

  it('cannot submit an empty query; a typed one opens the results page', async () => {
    const pending = manualSearch();
    const input = openModal();
    const submit = screen.getByRole('button', { name: 'Знайти' });
    expect(submit).toBeDisabled();
    await type(input, '   ');
    expect(submit).toBeDisabled();
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(location()).toBe('/contacts');
    await type(input, ' феритин ');
    expect(pending).toHaveLength(0);
    fireEvent.click(submit);
    expect(location()).toBe(`/search?query=${encodeURIComponent('феритин')}`);
  });
});

describe('keyboard', () => {
  it('arrows move through the options (combobox pattern), Enter opens one, Escape closes', async () => {
    const pending = manualSearch();
    const input = openModal();
    await searchFor(input, 'кров', pending, ok(searchResponse([blood, ferritin], [checkUp])));
    const listbox = screen.getByRole('listbox');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(input).not.toHaveAttribute('aria-activedescendant');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-activedescendant', options[2]?.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' }); // wraps to the first
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' }); // and back to the last
    expect(input).toHaveAttribute('aria-activedescendant', options[2]?.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });

    fireEvent.keyDown(input, { key: 'Enter' });
    expect(location()).toBe('/analysis/ferytyn');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('searchHistory') ?? '[]')).toEqual([
      {
        id: 2,
        title: 'Феритин',
        url: '/analysis/ferytyn',
        category: 'services',
        type: 'services',
        price: { type: 'discount', price: 1250, fullPrice: 1500 },
      },
    ]);
    // focus goes back to the button that opened the modal
    expect(screen.getByRole('button', { name: 'Пошук аналізів' })).toHaveFocus();
  });

  it('Escape closes the modal', () => {
    manualSearch();
    const input = openModal();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('history', () => {
  const entry = (id: number) => ({
    id,
    title: `Аналіз ${id}`,
    url: `/analysis/service-${id}`,
    category: 'services' as const,
    type: 'services' as const,
  });

  it('adds to the top, moves a repeated entry there, keeps ten, removes one', () => {
    const history = [entry(1), entry(2), entry(3)];
    expect(addToHistory(history, entry(4)).map((item) => item.id)).toEqual([4, 1, 2, 3]);
    expect(addToHistory(history, entry(3)).map((item) => item.id)).toEqual([3, 1, 2]);
    const long = Array.from({ length: 10 }, (_, index) => entry(index + 1));
    expect(addToHistory(long, entry(11)).map((item) => item.id)).toEqual([11, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(removeFromHistory(history, entry(2)).map((item) => item.id)).toEqual([1, 3]);
  });

  it('shows the stored history for an empty input: remove one, clear all, persisted', async () => {
    manualSearch();
    setStored('searchHistory', [entry(1), entry(2), entry(3)]);
    const input = openModal();
    const list = screen.getByRole('heading', { name: 'Ви шукали' }).closest('section') as HTMLElement;
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      expect.stringContaining('Аналіз 1'),
      expect.stringContaining('Аналіз 2'),
      expect.stringContaining('Аналіз 3'),
    ]);

    fireEvent.click(within(list).getByRole('button', { name: 'Прибрати з історії: Аналіз 2' }));
    expect(within(list).getAllByRole('link')).toHaveLength(2);
    expect(
      JSON.parse(window.localStorage.getItem('searchHistory') ?? '[]').map((item: { id: number }) => item.id),
    ).toEqual([1, 3]);
    expect(input).toHaveFocus();

    // arrow down from the input goes into the history; choosing an entry moves it to the top
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(within(list).getAllByRole('link')[0]).toHaveFocus();
    fireEvent.keyDown(within(list).getAllByRole('link')[0] as HTMLElement, { key: 'ArrowDown' });
    const second = within(list).getAllByRole('link')[1] as HTMLElement;
    expect(second).toHaveFocus();
    fireEvent.click(second);
    expect(location()).toBe('/analysis/service-3');
    expect(
      JSON.parse(window.localStorage.getItem('searchHistory') ?? '[]').map((item: { id: number }) => item.id),
    ).toEqual([3, 1]);

    fireEvent.click(screen.getByRole('button', { name: 'Пошук аналізів' }));
    fireEvent.click(screen.getByRole('button', { name: 'Очистити історію' }));
    expect(screen.queryByRole('heading', { name: 'Ви шукали' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('searchHistory')).toBeNull();
  });

  it('typing replaces the history with results; clearing the input brings it back', async () => {
    const pending = manualSearch();
    setStored('searchHistory', [entry(1)]);
    const input = openModal();
    await searchFor(input, 'кров', pending, ok(searchResponse([blood])));
    expect(screen.queryByRole('heading', { name: 'Ви шукали' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Очистити' }));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Ви шукали' })).toBeInTheDocument();
  });
});

describe('dropdownRows', () => {
  it('gives each group three rows, then the rest to the groups that have more', () => {
    const many = Array.from({ length: 12 }, (_, index) => card(index + 1));
    const rows = dropdownRows(searchResponse(many, [checkUp]));
    expect(rows).toHaveLength(9);
    expect(rows.filter((row) => row.category === 'services')).toHaveLength(8);
    expect(rows.filter((row) => row.category === 'service-packages')).toHaveLength(1);
  });
});
