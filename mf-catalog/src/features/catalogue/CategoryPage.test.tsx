import { CATEGORY_PAGE_SIZE, setStored } from '@lab/api';
import { bus } from '@lab/events';
import { useBreadcrumbLabels } from '@lab/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { card } from '../../test/fixtures';
import { bodyOf, CITY, location, renderAt, resetBrowserState, setUpI18n } from '../../test/render';
import { NEW_CART, serveCatalogue } from '../../test/server';
import { CataloguePage } from './CataloguePage';
import { CategoryPage } from './CategoryPage';

beforeAll(setUpI18n);
beforeEach(() => {
  resetBrowserState();
  setStored('cityId', CITY);
});

/** 45 analyses of the blood count (group 11) and 2 of coagulation (group 12). */
const services = [
  ...Array.from({ length: 45 }, (_, index) =>
    card(index + 1, {
      groupIds: [11],
      gender: index === 0 ? 'female' : index === 1 ? 'male' : null,
      price:
        index === 2
          ? { price: { price: 1250 }, originalPrice: { price: 1500 } }
          : { price: { price: 100 + index }, originalPrice: { price: 100 + index } },
    }),
  ),
  card(100, { groupIds: [12], title: 'Фібриноген' }),
  card(101, { groupIds: [12], title: 'Д-димер', price: { price: { price: 50 }, originalPrice: { price: 50 } } }),
];

function Crumb() {
  return <span data-testid="crumb">{useBreadcrumbLabels().category ?? ''}</span>;
}

function renderCategory(slug = 'hematology') {
  return renderAt(
    <>
      <CategoryPage />
      <Crumb />
    </>,
    `/analyzes/${slug}`,
    '/analyzes/:slug',
  );
}

const titles = () =>
  within(screen.getByRole('list', { name: 'Гематологія' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('category page', () => {
  it('lists the services of the group and its subgroups with price, code and turnaround; sets its crumb', async () => {
    const { requests } = serveCatalogue({ services });
    renderCategory();
    expect(await screen.findByRole('heading', { level: 1, name: 'Гематологія' })).toBeInTheDocument();
    await waitFor(() => expect(titles()).toHaveLength(CATEGORY_PAGE_SIZE));
    expect(screen.getByTestId('crumb')).toHaveTextContent('Гематологія');
    const list = requests.find((request) => request.url === '/service/services/infos/settlements');
    expect(bodyOf(list as never)).toEqual({
      settlementId: CITY,
      groupIds: [1, 11, 12],
      sort: 'group',
      showOnSite: true,
    });
    const third = screen.getByRole('link', { name: 'Аналіз 3' }).closest('article') as HTMLElement;
    expect(third).toHaveTextContent('1 250 грн');
    expect(third.querySelector('s')).toHaveTextContent('1 500 грн');
    expect(third).toHaveTextContent('Код1003');
    expect(third).toHaveTextContent('1 робочий день');
    const first = screen.getByRole('link', { name: 'Аналіз 1' }).closest('article') as HTMLElement;
    expect(first).toHaveTextContent('Тільки для жінок');
    expect(screen.getByText('Показано 20 з 47')).toHaveAttribute('role', 'status');
  });

  it('appends pages until the last one and moves focus to the first new service', async () => {
    serveCatalogue({ services });
    renderCategory();
    await waitFor(() => expect(titles()).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: 'Показати ще' }));
    await waitFor(() => expect(titles()).toHaveLength(40));
    expect(screen.getByRole('link', { name: 'Аналіз 21' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Показати ще' }));
    await waitFor(() => expect(titles()).toHaveLength(47));
    expect(screen.queryByRole('button', { name: 'Показати ще' })).not.toBeInTheDocument();
    expect(screen.getByText('Показано 47 з 47')).toBeInTheDocument();
  });

  it('filters by subgroup and gender and sorts by price on the server', async () => {
    const { requests } = serveCatalogue({ services });
    renderCategory();
    await waitFor(() => expect(titles()).toHaveLength(20));

    await userEvent.click(screen.getByRole('combobox', { name: 'Підрозділ' }));
    await userEvent.click(screen.getByRole('option', { name: 'Коагулограма' }));
    await waitFor(() => expect(titles()).toEqual(['Фібриноген', 'Д-димер']));
    const lists = requests.filter((request) => request.url === '/service/services/infos/settlements');
    expect(bodyOf(lists.at(-1) as never)).toMatchObject({ groupIds: [12] });

    await userEvent.click(screen.getByRole('combobox', { name: 'Сортування' }));
    await userEvent.click(screen.getByRole('option', { name: 'Спочатку дешевші' }));
    await waitFor(() => expect(titles()).toEqual(['Д-димер', 'Фібриноген']));
    expect(
      bodyOf(requests.filter((request) => request.url === '/service/services/infos/settlements').at(-1) as never),
    ).toMatchObject({ groupIds: [12], priceSort: 'asc' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Підрозділ' }));
    await userEvent.click(screen.getByRole('option', { name: 'Усі підрозділи' }));
    await waitFor(() => expect(titles()).toHaveLength(20));
    await userEvent.click(screen.getByRole('combobox', { name: 'Для кого' }));
    await userEvent.click(screen.getByRole('option', { name: 'Для чоловіків' }));
    await waitFor(() => expect(titles()).not.toContain('Аналіз 1'));
    expect(titles()).toContain('Аналіз 2');
    expect(
      bodyOf(requests.filter((request) => request.url === '/service/services/infos/settlements').at(-1) as never),
    ).toMatchObject({ gender: 'male' });
  });

  it('keeps sort, filters and loaded pages in the address, and starts from it (Back, reload, a shared link)', async () => {
    const { requests } = serveCatalogue({ services });
    renderCategory();
    await waitFor(() => expect(titles()).toHaveLength(20));
    await userEvent.click(screen.getByRole('combobox', { name: 'Сортування' }));
    await userEvent.click(screen.getByRole('option', { name: 'Спочатку дорожчі' }));
    await waitFor(() => expect(location()).toBe('/analyzes/hematology?sort=price-desc&paginate=1'));
    await userEvent.click(screen.getByRole('button', { name: 'Показати ще' }));
    await waitFor(() => expect(titles()).toHaveLength(40));
    expect(location()).toBe('/analyzes/hematology?sort=price-desc&pages=2&paginate=1');
    // a filter change starts again from the first page
    await userEvent.click(screen.getByRole('combobox', { name: 'Для кого' }));
    await userEvent.click(screen.getByRole('option', { name: 'Для жінок' }));
    await waitFor(() => expect(location()).toBe('/analyzes/hematology?gender=female&sort=price-desc&paginate=1'));
    expect(requests.length).toBeGreaterThan(0);
  });

  it('opens with the list the address describes', async () => {
    const { requests } = serveCatalogue({ services });
    renderAt(<CategoryPage />, '/analyzes/hematology?sort=price-desc&pages=2&paginate=1', '/analyzes/:slug');
    await waitFor(() => expect(titles()).toHaveLength(40));
    expect(screen.getByRole('combobox', { name: 'Сортування' })).toHaveTextContent('Спочатку дорожчі');
    const lists = requests.filter((request) => request.url === '/service/services/infos/settlements');
    expect(lists.map((request) => bodyOf(request as never))).toEqual([
      expect.objectContaining({ priceSort: 'desc' }),
      expect.objectContaining({ priceSort: 'desc' }),
    ]);
  });

  it('shows the empty state with a reset for filters that match nothing', async () => {
    serveCatalogue({
      list: (_body, page) => ({ status: 200, data: { content: [], page, totalPages: 0, totalElements: 0 } }),
    });
    renderCategory('coagulation');
    expect(await screen.findByText('У цій категорії поки немає аналізів.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Назва або код' }), 'zzz');
    expect(await screen.findByText('За цими фільтрами нічого не знайдено.', {}, { timeout: 2000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Скинути фільтри' }));
    expect(screen.getByRole('searchbox', { name: 'Назва або код' })).toHaveValue('');
  });

  it('shows the server message with a retry when the list fails', async () => {
    let fail = true;
    serveCatalogue({
      list: (_body, page) =>
        fail
          ? { status: 500, data: { code: 'internal', message: 'Сервіс тимчасово недоступний' } }
          : { status: 200, data: { content: [card(1)], page, totalPages: 1, totalElements: 1 } },
    });
    renderCategory('coagulation');
    const alert = (await screen.findByText('Не вдалося завантажити аналізи')).closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('Сервіс тимчасово недоступний');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByRole('link', { name: 'Аналіз 1' })).toBeInTheDocument();
  });

  it('says when the category does not exist', async () => {
    serveCatalogue({ services });
    renderCategory('no-such-group');
    expect(await screen.findByRole('heading', { level: 1, name: 'Категорію не знайдено' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'До каталогу аналізів' })).toHaveAttribute('href', '/analyzes');
  });
});

describe('add to cart', () => {
  it('creates a guest cart, stores its id, tells the bus and analytics, then shows "in cart"', async () => {
    const { requests } = serveCatalogue({ services });
    window.dataLayer = [];
    const changed = jest.fn();
    bus.on('cart:changed', changed);
    renderCategory('coagulation');
    const add = await screen.findByRole('button', { name: 'До кошика: Д-димер' });
    await userEvent.click(add);
    const inCart = await screen.findByRole('link', { name: 'У кошику: Д-димер' });
    expect(inCart).toHaveAttribute('href', '/cart');
    expect(inCart).toHaveFocus();
    expect(JSON.parse(window.localStorage.getItem('cartId') ?? 'null')).toBe(NEW_CART);
    expect(changed).toHaveBeenCalledWith({ cartId: NEW_CART });
    expect(window.dataLayer).toContainEqual({
      event: 'add_to_cart',
      ecommerce: {
        currency: 'UAH',
        value: 50,
        items: [{ item_id: '1101', item_name: 'Д-димер', item_category: 'analysis', price: 50, quantity: 1 }],
      },
    });
    // the guest cart is created holding the service: one call, no separate add
    const calls = requests.map((request) => `${request.method} ${request.url}`);
    expect(calls.filter((call) => call.startsWith('post /cart/carts'))).toEqual(['post /cart/carts']);
    expect(await screen.findByText('«Д-димер» додано до кошика')).toBeInTheDocument();
  });

  it('a broken data layer does not break the action', async () => {
    serveCatalogue({ services });
    Object.defineProperty(window, 'dataLayer', {
      configurable: true,
      get: () => {
        throw new Error('blocked');
      },
    });
    try {
      renderCategory('coagulation');
      await userEvent.click(await screen.findByRole('button', { name: 'До кошика: Д-димер' }));
      expect(await screen.findByRole('link', { name: 'У кошику: Д-димер' })).toBeInTheDocument();
    } finally {
      Object.defineProperty(window, 'dataLayer', { configurable: true, writable: true, value: undefined });
    }
  });

  it('signed-in users add to their own cart, without a guest cart', async () => {
    const { requests } = serveCatalogue({ services, signedIn: true });
    renderCategory('coagulation');
    await waitFor(() => expect(requests.some((request) => request.url === '/info')).toBe(true));
    await screen.findByRole('link', { name: 'Фібриноген' });
    await waitFor(() => expect(requests.some((request) => request.url === '/cart/carts')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'До кошика: Фібриноген' }));
    expect(await screen.findByRole('link', { name: 'У кошику: Фібриноген' })).toBeInTheDocument();
    expect(requests.map((request) => `${request.method} ${request.url}`)).toContain('post /cart/carts/add');
    expect(window.localStorage.getItem('cartId')).toBeNull();
  });

  it('doctors see prices without cart buttons', async () => {
    serveCatalogue({ services, signedIn: true });
    setStored('doctor', true);
    renderCategory('coagulation');
    const row = (await screen.findByRole('link', { name: 'Д-димер' })).closest('article') as HTMLElement;
    expect(row).toHaveTextContent('50 грн');
    expect(screen.queryByRole('button', { name: /До кошика/ })).not.toBeInTheDocument();
  });
});

describe('catalogue page', () => {
  it('shows the analyses tree; the packages tab by arrow key', async () => {
    serveCatalogue();
    renderAt(<CataloguePage />, '/analyzes');
    expect(await screen.findByRole('link', { name: 'Гематологія' })).toHaveAttribute('href', '/analyzes/hematology');
    expect(screen.getByRole('link', { name: 'Коагулограма' })).toHaveAttribute('href', '/analyzes/coagulation');
    const analyses = screen.getByRole('tab', { name: 'Аналізи' });
    expect(analyses).toHaveAttribute('aria-selected', 'true');
    analyses.focus();
    await userEvent.keyboard('{ArrowRight}');
    const packages = screen.getByRole('tab', { name: 'Пакети аналізів' });
    expect(packages).toHaveFocus();
    expect(packages).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Пакети аналізів' })).toHaveTextContent('Check-up');
  });
});
