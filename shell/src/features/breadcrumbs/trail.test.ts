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

describe('breadcrumb trail from the path (spec section 2)', () => {
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
