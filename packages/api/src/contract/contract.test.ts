import type { Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { endpoints } from '../endpoints';
import {
  AuthBody,
  Cart,
  CodeBody,
  type MenuItem,
  MenuItemSchema,
  NewsListQuery,
  OrderCreateBody,
  RegistrationPayload,
  routes,
  type ServiceGroupNode,
  ServiceGroupNodeSchema,
  type ServiceGroupTreeResponse,
  SettlementsListResponse,
} from './index';

// Compile-time: the depth-limited schemas' static types fit the recursive types the apps use.
type Assignable<A, B> = A extends B ? true : false;
const menuFits: Assignable<Static<typeof MenuItemSchema>, MenuItem> = true;
const groupFits: Assignable<Static<typeof ServiceGroupNodeSchema>, ServiceGroupNode> = true;

const registration = {
  firstName: { uk: 'Олена' },
  lastName: { uk: 'Коваленко' },
  middleName: { uk: 'Петрівна' },
  birthDay: '1990-04-15',
  genderId: 2,
};

describe('contract schemas', () => {
  it('accept a valid registration payload, names keyed by language', () => {
    expect(menuFits && groupFits).toBe(true);
    expect(Value.Check(RegistrationPayload, registration)).toBe(true);
    expect(Value.Check(RegistrationPayload, { ...registration, firstName: { ru: 'Елена' } })).toBe(true);
  });

  it('reject bad registration payloads', () => {
    expect(Value.Check(RegistrationPayload, { ...registration, firstName: { uk: 'Олена2' } })).toBe(false);
    expect(Value.Check(RegistrationPayload, { ...registration, firstName: {} })).toBe(false);
    expect(Value.Check(RegistrationPayload, { ...registration, firstName: { en: 'Olena' } })).toBe(false);
    expect(Value.Check(RegistrationPayload, { ...registration, birthDay: '15.04.1990' })).toBe(false);
    expect(Value.Check(RegistrationPayload, { ...registration, birthDay: '1990-02-30' })).toBe(false);
    expect(Value.Check(RegistrationPayload, { ...registration, extra: true })).toBe(false);
  });

  it('accept a 13-character phone and reject a 12-digit one', () => {
    expect(Value.Check(AuthBody, { phone: '+380671234567' })).toBe(true);
    expect(Value.Check(AuthBody, { phone: '380671234567' })).toBe(false);
    expect(Value.Check(AuthBody, { phone: '+38067123456' })).toBe(false);
  });

  it('accept a 4-digit SMS code only', () => {
    expect(Value.Check(CodeBody, { code: '0420' })).toBe(true);
    expect(Value.Check(CodeBody, { code: '042' })).toBe(false);
    expect(Value.Check(CodeBody, { code: '04a0' })).toBe(false);
  });

  it('cap page sizes at 100', () => {
    expect(Value.Check(NewsListQuery, { page: 0, size: 100 })).toBe(true);
    expect(Value.Check(NewsListQuery, { page: 0, size: 101 })).toBe(false);
    expect(Value.Check(NewsListQuery, { page: -1 })).toBe(false);
  });

  it('use the field names of docs/product.md#entities for settlements and carts', () => {
    expect(
      Value.Check(SettlementsListResponse, {
        settlements: [{ id: 1, title: 'Київ', sourceId: 'kyiv', lat: 50.45, lon: 30.52 }],
        branchCount: 78,
      }),
    ).toBe(true);
    expect(
      Value.Check(Cart, {
        id: '3f1c2a9e-7b4d-4c1a-9e2f-0a1b2c3d4e5f',
        items: [],
        additionalItems: [],
        totalPrice: 0,
        originalTotalPrice: 0,
        promo: 0.1,
        promoCode: 'SPRING10',
      }),
    ).toBe(true);
    // lines not orderable in the chosen city come apart, without a price (added in 0.1.2, optional)
    const service = {
      id: 4,
      title: 'ПСА загальний',
      description: '',
      code: '2003',
      slug: 'psa-total',
      packageService: false,
      additionalServices: [],
    };
    const withUnavailable = {
      id: '3f1c2a9e-7b4d-4c1a-9e2f-0a1b2c3d4e5f',
      items: [],
      additionalItems: [],
      totalPrice: 0,
      originalTotalPrice: 0,
      promo: null,
      unavailableItems: [{ serviceId: 4, reason: 'settlement', service }],
    };
    expect(Value.Check(Cart, withUnavailable)).toBe(true);
    expect(
      Value.Check(Cart, { ...withUnavailable, unavailableItems: [{ serviceId: 4, reason: 'sold-out', service }] }),
    ).toBe(false);
    const tree: ServiceGroupTreeResponse = {
      services: [{ groupId: 1, slug: 'blood', key: '1', title: 'Кров', childNodes: [] }],
      packageServices: [],
    };
    expect(Value.Check(routes.serviceGroupTree.response, tree)).toBe(true);
  });

  it('bound the group tree at four levels and menus at three, without $ref', () => {
    const node = (groupId: number, childNodes: unknown[]) => ({
      groupId,
      slug: `g-${groupId}`,
      key: `${groupId}`,
      title: 'Група',
      childNodes,
    });
    const fourLevels = node(1, [node(2, [node(3, [node(4, [])])])]);
    expect(Value.Check(ServiceGroupNodeSchema, fourLevels)).toBe(true);
    expect(Value.Check(ServiceGroupNodeSchema, node(1, [node(2, [node(3, [node(4, [node(5, [])])])])]))).toBe(false);
    expect(
      Value.Check(MenuItemSchema, {
        title: 'Аналізи',
        children: [{ title: 'Кров', children: [{ title: 'Феритин', href: '/analysis/ferritin' }] }],
      }),
    ).toBe(true);
    expect(Value.Check(MenuItemSchema, { children: [{ children: [{ children: [{ title: 'too deep' }] }] }] })).toBe(
      false,
    );
  });

  it('require the checkout consents', () => {
    const order = {
      orderId: '3f1c2a9e-7b4d-4c1a-9e2f-0a1b2c3d4e5f',
      settlementId: 1,
      patientId: 5,
      visit: 'branch',
      branchId: 3,
      homeVisit: null,
      paymentType: 'online',
      doctor: null,
      promoCode: null,
      acceptContract: true,
      acceptPersonalData: true,
      utmParameters: { source: 'google', medium: 'cpc' },
    };
    expect(Value.Check(OrderCreateBody, order)).toBe(true);
    expect(Value.Check(OrderCreateBody, { ...order, acceptContract: false })).toBe(false);
  });
});

describe('route table', () => {
  const entries = Object.entries(routes);

  it('has a route for every endpoint, with its method, client and path', () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [key, route] of entries) {
      const endpoint = endpoints[key as keyof typeof endpoints];
      expect({ method: route.method, client: route.client, path: route.path }).toEqual({
        method: endpoint.method,
        client: endpoint.client,
        path: endpoint.path,
      });
      expect(route.response).toBeDefined();
    }
  });

  it('names exactly the path parameters its params schema declares', () => {
    for (const [key, route] of entries) {
      const inPath = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]).sort();
      const declared = 'params' in route ? Object.keys(route.params.properties).sort() : [];
      expect({ key, params: declared }).toEqual({ key, params: inPath });
    }
  });

  it('is unique per client, method and path', () => {
    const signatures = entries.map(([, route]) => `${route.client} ${route.method} ${route.path}`);
    expect(new Set(signatures).size).toBe(signatures.length);
  });

  it('is plain JSON schema: no $ref or $id, and it survives JSON', () => {
    for (const [, route] of entries) {
      const json = JSON.stringify(route);
      expect(json).not.toMatch(/"\$(ref|id)"/);
      expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(route)));
    }
  });

  it('covers the calls of docs/product.md#calls', () => {
    const paths = new Set(entries.map(([, route]) => `${route.client} ${route.method} ${route.path}`));
    const section7 = [
      'public POST /user/branches/enabled/settlements/near',
      'public GET /user/branches/enabled/settlements',
      'public GET /user/branches/settlements/:id/enabled',
      'public GET /service/services/groups/enabled/tree/separated',
      'public POST /service/services/infos/settlements',
      'public GET /service/services/infos/slug/:slug',
      'public GET /service/services/:id/enabled/preparation',
      'public GET /content/services/groups/clients/services/infos',
      'public GET /service/services/infos/:id/packages',
      'public GET /content/services/groups/popular/services/infos',
      'public GET /service/services/:id/enabled/genealogy',
      'public POST /service/services/ids/enabled/genealogies',
      'public GET /service/services/preparation',
      'public GET /cart/carts/:cartId',
      'public POST /cart/carts',
      'public GET /content/articles/type/:type/first/enabled',
      'public GET /service/discounts/search/:code',
      'public GET /content/menus/infos/enabled',
      'public GET /content/news',
      'public GET /content/news/slug/:slug',
      'public GET /content/equipments/enabled',
      'public GET /content/documents',
      'public GET /content/documents/slug/:slug',
      'public POST /search/search',
      'public GET /core/genders',
      'public GET /core/specializations',
      'public POST /auth',
      'public POST /login',
      'public POST /patient/patients/registration/:id/approve',
      'public POST /patient/patients/registration/:id/register',
      'private GET /cart/carts',
      'public POST /cart/carts/:cartId/add',
      'public POST /cart/carts/:cartId/remove',
      'private POST /cart/carts/add',
      'private POST /cart/carts/remove',
      'private POST /cart/carts/merge/:cartId',
      'private GET /user/doctors/self',
      'private GET /patient/patients/self',
      'private GET /user/doctors/self/photo',
      'private POST /user/doctors/self/photo',
      'private GET /patient/patients/self/photo',
      'private POST /patient/patients/self/photo',
      'private GET /user/doctors/self/manager',
      'private GET /user/doctors/self/workplaces',
      'private GET /user/doctors/self/workplaces/current',
      'private POST /user/doctors/self/workplaces/:id/current',
      'private GET /user/doctors/self/specialization',
      'private POST /logout',
      'private GET /patient/patients/self/wards',
      'private POST /patient/patients/self/wards',
      'private POST /patient/patients/self/wards/:id',
      'private GET /patient/patients/self/wards/:id/photo',
      'private POST /patient/patients/self',
      'private POST /patient/patients/self/candidates/phone',
      'private POST /patient/patients/self/candidates/phone/approve',
      'private POST /order/orders',
      'private POST /order/orders/registry/payment',
      'private POST /order/orders/registry',
      'private GET /admin-app/registries/self',
      'private GET /admin-app/registries/self/:id',
      'private GET /registry/registries/self/:id',
      'private GET /registry/registries/self/:id/results',
      'private GET /registry/registries/self/count',
      'private GET /registry/registries/self/patient/:id',
      'private GET /registry/registries/self/patient/:id/count',
      'private GET /registry/registries/self/patient/:patientId/analysis/:analysisId/results',
      'private GET /patient/patients/self/doctor/:id/photo',
      'private GET /finance/transactions/payment/checkbox/receipt/:id/pdf/base64',
      'private GET /info',
      'app GET /order/default/configuration',
    ];
    // calls docs/product.md#calls does not list but its flows need (payment return page, change of payment method
    // after a failed payment, free home-visit hours, a ward's photo upload, the results PDF)
    const additions = [
      'private GET /order/orders/:orderId',
      'private GET /order/orders/:orderId/plan',
      'private GET /order/home-visit/slots',
      'public GET /order/home-visit/terms',
      'private POST /order/orders/registry/payment/method',
      'private POST /patient/patients/self/wards/:id/photo',
      'private GET /registry/registries/self/:id/results/pdf',
      // real-user monitoring (issue 22): the shell's beacon of web vitals and remote failures
      'app POST /vitals',
      // results for health-record apps, and the results-ready SMS switch (issue 42)
      'private GET /registry/registries/self/:id/results/fhir',
      'private GET /user/users/self/notifications',
      'private POST /user/users/self/notifications',
      // shared results (issue 48, docs/product.md#roles and #errors): the owner's links and setting, the recipient's reads
      'private POST /registry/shares/self',
      'private GET /registry/shares/self',
      'private POST /registry/shares/self/:id/revoke',
      'private GET /user/users/self/sharing',
      'private POST /user/users/self/sharing',
      'public POST /registry/shared/:token',
      'public POST /registry/shared/:token/pdf',
      'private POST /registry/shared/:token/doctor',
      // the mobile app's store links and QR codes from the server's settings (issue 48, /getapp)
      'public GET /content/mobile-app',
    ];
    expect(section7.filter((call) => !paths.has(call))).toEqual([]);
    expect(additions.filter((call) => !paths.has(call))).toEqual([]);
    expect(paths.size).toBe(section7.length + additions.length);
  });
});
