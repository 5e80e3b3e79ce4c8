import { buildTrail, type CrumbDefinition } from './trail';

/** The shell's crumbs and, as their routes bring them (useRemoteCrumbs), the account's and the catalogue's. */
const CRUMBS: readonly CrumbDefinition[] = [
  { pattern: '/news', labelKey: 'crumbs.news' },
  { pattern: '/news/:slug', labelKey: 'crumbs.newsItem', id: 'news-item' },
  { pattern: '/account', labelKey: 'crumbs.account', ns: 'account' },
  { pattern: '/account/orders', labelKey: 'crumbs.orders', ns: 'account' },
  { pattern: '/account/patients', labelKey: 'crumbs.patients', ns: 'account' },
  { pattern: '/account/patients/:id/results', labelKey: 'crumbs.patientResults', ns: 'account', id: 'patient' },
  { pattern: '/analyzes', labelKey: 'crumbs.catalogue', ns: 'catalog' },
  { pattern: '/analyzes/:slug', labelKey: 'crumbs.category', ns: 'catalog', id: 'category' },
];

const label = (definition: { labelKey: string; id?: string }) => definition.labelKey;
const home = { label: 'home', link: '/' };

describe('breadcrumb trail from the path (docs/product.md#breadcrumbs)', () => {
  it('adds a crumb per segment whose route defines one, the last one current', () => {
    expect(buildTrail('/account/orders', CRUMBS, label, home)).toEqual([
      { label: 'home', link: '/', current: false },
      { id: undefined, label: 'crumbs.account', link: '/account', current: false },
      { id: undefined, label: 'crumbs.orders', link: '/account/orders', current: true },
    ]);
  });

  it('skips segments without a definition', () => {
    // /account/patients/17 has no crumb of its own; /account/patients/17/results has one
    const trail = buildTrail('/account/patients/17/results', CRUMBS, label, home);
    expect(trail.map((crumb) => crumb.link)).toEqual([
      '/',
      '/account',
      '/account/patients',
      '/account/patients/17/results',
    ]);
    expect(trail.at(-1)).toMatchObject({ id: 'patient', current: true });
  });

  it('puts a page’s named parents in place of its address’s crumbs (the confirmation after paying)', () => {
    const crumbs: CrumbDefinition[] = [
      { pattern: '/checkout', labelKey: 'crumbs.checkout', ns: 'cartCheckout' },
      {
        pattern: '/checkout/result',
        labelKey: 'crumbs.paymentResult',
        ns: 'cartCheckout',
        id: 'checkout-order',
        parents: [{ link: '/account/orders', labelKey: 'crumbs.orders' }],
      },
    ];
    const seen: Array<{ labelKey: string; ns?: string }> = [];
    const trail = buildTrail(
      '/checkout/result',
      crumbs,
      (definition) => {
        seen.push({ labelKey: definition.labelKey, ns: definition.ns });
        return definition.labelKey;
      },
      home,
    );
    expect(trail).toEqual([
      { label: 'home', link: '/', current: false },
      { label: 'crumbs.orders', link: '/account/orders', current: false },
      { id: 'checkout-order', label: 'crumbs.paymentResult', link: '/checkout/result', current: true },
    ]);
    // never the emptied checkout; the parent's label is read in the page's namespace
    expect(trail.map((crumb) => crumb.link)).not.toContain('/checkout');
    expect(seen).toContainEqual({ labelKey: 'crumbs.orders', ns: 'cartCheckout' });
    // the checkout page itself keeps its own trail
    expect(buildTrail('/checkout', crumbs, label, home).map((crumb) => crumb.link)).toEqual(['/', '/checkout']);
  });

  it('gives no trail where nothing is defined (home, unknown pages)', () => {
    expect(buildTrail('/', CRUMBS, label, home)).toEqual([]);
    expect(buildTrail('/no/such/page', CRUMBS, label, home)).toEqual([]);
  });

  it('lets a page replace a labelled crumb by id', () => {
    const trail = buildTrail(
      '/analyzes/hormones',
      CRUMBS,
      (definition) => (definition.id === 'category' ? 'Гормони' : definition.labelKey),
      home,
    );
    expect(trail.map((crumb) => crumb.label)).toEqual(['home', 'crumbs.catalogue', 'Гормони']);
  });
});
