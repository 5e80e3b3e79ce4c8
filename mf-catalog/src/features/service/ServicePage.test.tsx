import { apiKeys, type ServiceInfo, setStored } from '@lab/api';
import { i18next } from '@lab/i18n';
import { useBreadcrumbLabels } from '@lab/ui';
import { screen, waitFor, within } from '@testing-library/react';
import { routes } from '../../routes';
import { card, serviceInfo } from '../../test/fixtures';
import { CITY, renderAt, resetBrowserState, setUpI18n } from '../../test/render';
import { serveCatalogue } from '../../test/server';
import { isHtml, joinMaterials } from './materials';
import { ServicePage } from './ServicePage';

beforeAll(setUpI18n);
beforeEach(() => {
  resetBrowserState();
  setStored('cityId', CITY);
});

function Crumb() {
  return <span data-testid="crumb">{useBreadcrumbLabels().service ?? ''}</span>;
}

const renderService = (slug = 'zahalnyi-analiz-krovi') =>
  renderAt(
    <>
      <ServicePage />
      <Crumb />
    </>,
    `/analysis/${slug}`,
    '/analysis/:slug',
  );

/** The head the page's route declares once its answer is there, as the shell writes it (browser and server). */
function routeHead(info: ServiceInfo) {
  const handle = routes.find((route) => route.id === 'mf_catalog/service')?.handle;
  const key = apiKeys.serviceBySlug(info.slug, CITY, 'ua');
  return handle?.head?.({
    params: { slug: info.slug },
    query: new URLSearchParams(),
    locale: 'ua',
    origin: 'http://localhost',
    settlementId: CITY,
    answer: <T,>(asked: readonly unknown[]) =>
      JSON.stringify(asked) === JSON.stringify(key) ? (info as T) : undefined,
    t: i18next.getFixedT('ua', 'catalog'),
  });
}

describe('joinMaterials', () => {
  it('joins the unique material titles in order with ". "', () => {
    expect(
      joinMaterials([
        { materials: [{ id: 1, title: 'Венозна кров' }] },
        {
          materials: [
            { id: 2, title: 'Сеча ' },
            { id: 1, title: 'Венозна кров' },
          ],
        },
        { materials: [] },
        { materials: [{ id: 3, title: 'Слина' }] },
      ]),
    ).toBe('Венозна кров. Сеча. Слина');
    expect(joinMaterials([])).toBe('');
  });

  it('tells HTML preparation from plain text', () => {
    expect(isHtml('<p>Натщесерце</p>')).toBe(true);
    expect(isHtml('Натщесерце, 8-12 годин без їжі; t < 37')).toBe(false);
  });
});

describe('service page', () => {
  it('shows title, code, price, materials, sanitized preparation, clientsBuy; sets its crumb; its route heads it with the structured data', async () => {
    serveCatalogue({ info: serviceInfo() });
    renderService();
    expect(await screen.findByRole('heading', { level: 1, name: 'Загальний аналіз крові' })).toBeInTheDocument();
    expect(screen.getByText('1002', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Ціна та замовлення' })).toHaveTextContent('700 грн');
    const materials = screen.getByRole('region', { name: 'Біоматеріал' });
    expect(materials).toHaveTextContent('Венозна кров. Сеча');
    const preparation = screen.getByRole('region', { name: 'Підготовка' });
    // its HTML is drawn once the sanitizer, which the page asked for with the answer, is there
    await waitFor(() => expect(preparation).toHaveTextContent('Натщесерце.'));
    expect(preparation.querySelector('script')).toBeNull();
    const related = screen.getByRole('region', { name: 'Разом із цим купують' });
    expect(within(related).getByRole('link', { name: 'Феритин' })).toHaveAttribute('href', '/analysis/service-8');
    expect(screen.getByRole('button', { name: 'До кошика: Загальний аналіз крові' })).toBeInTheDocument();
    expect(screen.getByTestId('crumb')).toHaveTextContent('Загальний аналіз крові');

    const meta = routeHead(serviceInfo());
    expect(meta?.title).toBe('Загальний аналіз крові');
    expect(meta?.structuredData?.[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': ['MedicalTest', 'Product'],
      name: 'Загальний аналіз крові',
      sku: '1002',
      offers: { '@type': 'Offer', price: 700, priceCurrency: 'UAH' },
    });
  });

  it('a package lists its analyses, men-only notes, additional services and the packages view', async () => {
    const info = serviceInfo({
      title: 'Check-up для чоловіків',
      packageService: true,
      gender: 'male',
      preparation: 'Зранку натщесерце.',
      additionalServices: [
        { id: 90, code: '9990', slug: 'vzyattya-krovi', title: 'Взяття крові', packageService: false },
      ],
      clientsBuy: [],
    });
    serveCatalogue({ info });
    renderService();
    expect(await screen.findByRole('heading', { level: 1, name: 'Check-up для чоловіків' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Тільки для чоловіків');
    const includes = screen.getByRole('region', { name: 'Що входить у пакет (2)' });
    expect(
      within(includes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1002Гемоглобін', '1003Еритроцити']);
    expect(screen.getByRole('region', { name: 'Підготовка' })).toHaveTextContent('Зранку натщесерце.');
    expect(screen.getByRole('link', { name: 'Взяття крові' })).toHaveAttribute('href', '/analysis/vzyattya-krovi');
    expect(routeHead(info)?.structuredData?.[0]).toMatchObject({
      '@type': ['MedicalTestPanel', 'Product'],
      subTest: [
        { '@type': 'MedicalTest', name: 'Гемоглобін' },
        { '@type': 'MedicalTest', name: 'Еритроцити' },
      ],
    });
  });

  it('tells the price a cart holding only the analysis charges: the analysis, the blood draw, the total', async () => {
    const info = serviceInfo({
      price: {
        price: { price: 230 },
        originalPrice: { price: 230 },
        additional: {
          price: 90,
          services: [{ id: 90, code: 'V-01', title: 'Взяття венозної крові', price: 90, originalPrice: 90 }],
        },
        total: { price: { price: 320 }, originalPrice: { price: 320 } },
      },
      additionalServices: [
        { id: 90, code: 'V-01', slug: 'vzyattya-krovi', title: 'Взяття венозної крові', packageService: false },
      ],
    });
    serveCatalogue({ info });
    renderService();
    const buy = await screen.findByRole('complementary');
    const rows = within(buy)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Аналіз: 230 грн', 'Взяття венозної крові: 90 грн', 'Разом: 320 грн']);
    expect(buy).toHaveTextContent('один раз на замовлення');
    // the additional services' list names the price too
    const extras = screen.getByRole('region', { name: 'Додаткові послуги' });
    expect(within(extras).getByRole('listitem')).toHaveTextContent('V-01Взяття венозної крові90 грн');
  });

  it('lists the packages an analysis is part of', async () => {
    serveCatalogue({
      info: serviceInfo({ isPartOfPackets: true }),
      packages: [card(30, { title: 'Check-up базовий', packageService: true })],
    });
    renderService();
    const packages = await screen.findByRole('region', { name: 'Пакети, до яких входить аналіз' });
    expect(within(packages).getByRole('link', { name: 'Check-up базовий' })).toBeInTheDocument();
  });

  it('says when the analysis does not exist', async () => {
    serveCatalogue({ info: null });
    renderService('no-such');
    expect(await screen.findByRole('heading', { level: 1, name: 'Аналіз не знайдено' })).toBeInTheDocument();
  });

  it('doctors see the price but no cart button', async () => {
    serveCatalogue({ info: serviceInfo(), signedIn: true });
    setStored('doctor', true);
    renderService();
    await screen.findByRole('heading', { level: 1, name: 'Загальний аналіз крові' });
    expect(screen.getByRole('complementary', { name: 'Ціна та замовлення' })).toHaveTextContent('700 грн');
    expect(screen.queryByRole('button', { name: /До кошика/ })).not.toBeInTheDocument();
  });

  it('a doctor flag left from a session that ended is no doctor: a guest gets the cart button', async () => {
    serveCatalogue({ info: serviceInfo() });
    setStored('doctor', true);
    renderService();
    expect(await screen.findByRole('button', { name: 'До кошика: Загальний аналіз крові' })).toBeInTheDocument();
  });
});
