/**
 * A fake API for the unit tests: the calls this remote makes, answered from in-memory state shaped by
 * the contract. Each test says who is visiting and what the cart holds; every request is recorded.
 */
import type {
  Branch,
  Cart,
  CartItem,
  HomeVisitSlotsResponse,
  Order,
  OrderCreateBody,
  OrderPlan,
  PatientSelf,
  PaymentType,
  UnavailableCartItem,
  Ward,
} from '@lab/api';
import type { ApiRequest } from '@lab/api/test/fake-adapter';
import { bodyOf, installAdapter, ok, type Reply } from '@lab/api/test/fake-adapter';

export { bodyOf } from '@lab/api/test/fake-adapter';

export const CITY = 1;
export const GUEST_CART = '3f1c2a9e-7b4d-4c1a-9e2f-0a1b2c3d4e5f';
export const USER_CART = '6a1b2c3d-4e5f-4a1b-8c2d-3e4f5a6b7c8d';
export const OWNER_ID = 10;

export function line(
  serviceId: number,
  overrides: Partial<CartItem> & { title?: string; code?: string } = {},
): CartItem {
  const { title = `Аналіз ${serviceId}`, code = `${1000 + serviceId}`, ...rest } = overrides;
  return {
    serviceId,
    price: 95,
    initialPrice: 100,
    originalPrice: 100,
    service: {
      id: serviceId,
      title,
      description: '',
      code,
      slug: `analysis-${serviceId}`,
      packageService: false,
      additionalServices: [],
    },
    ...rest,
  };
}

/** A line the server answers as not orderable in the chosen city: no price. */
export function unavailableLine(
  serviceId: number,
  overrides: { title?: string; code?: string; reason?: UnavailableCartItem['reason'] } = {},
): UnavailableCartItem {
  const { service } = line(serviceId, overrides);
  return { serviceId, reason: overrides.reason ?? 'settlement', service };
}

export function cartOf(items: CartItem[], additionalItems: CartItem[] = [], extra: Partial<Cart> = {}): Cart {
  const sum = (pick: (item: CartItem) => number) =>
    Math.round([...items, ...additionalItems].reduce((total, item) => total + pick(item) * 100, 0)) / 100;
  return {
    id: GUEST_CART,
    items,
    additionalItems,
    totalPrice: sum((item) => item.price),
    originalTotalPrice: sum((item) => item.originalPrice),
    promo: null,
    promoCode: null,
    ...extra,
  };
}

const owner: PatientSelf = {
  id: OWNER_ID,
  type: 'owner',
  userData: {
    id: 100,
    firstName: 'Олена',
    lastName: 'Коваленко',
    middleName: 'Петрівна',
    photo: false,
    mobilePhone: '+380501234567',
    number: 'P-100',
    email: null,
    gender: 'female',
    birthDay: '1988-04-12',
    version: 1,
  },
  phone: '+380501234567',
  attributes: { gender: 'female', puberty: null, pregnancyWeek: null, fetusCount: null, menopause: null },
  wards: [],
};

export const WARD: Ward = {
  id: 11,
  type: 'ward',
  ward: true,
  userData: { ...owner.userData, id: 101, firstName: 'Марко', middleName: 'Іванович', birthDay: '2015-09-01' },
  attributes: { ...owner.attributes, gender: 'male' },
};

export const BRANCH: Branch = {
  id: 5,
  settlementId: CITY,
  title: 'Відділення на Хрещатику',
  address: 'вул. Хрещатик, 1',
  lat: 50.45,
  lon: 30.52,
  phone: null,
  partner: false,
  schedule: [],
  services: {
    covidTest: false,
    childNurse: false,
    cardTerminal: true,
    ramp: false,
    gynecologicalChair: false,
    urogenitalMale: false,
    everyDay: false,
  },
  status: 'open',
};

export function orderOf(body: Pick<OrderCreateBody, 'orderId' | 'paymentType'>, overrides: Partial<Order> = {}): Order {
  return {
    id: body.orderId,
    registryId: null,
    number: 'LAB-2001',
    createdAt: '2026-11-21T10:00:00Z',
    state: body.paymentType === 'cash' ? 'waiting-at-branch' : 'payment-pending',
    patient: { id: OWNER_ID, firstName: 'Олена', lastName: 'Коваленко', middleName: null },
    branch: { id: BRANCH.id, title: BRANCH.title, address: BRANCH.address, city: 'Київ' },
    homeVisit: null,
    items: [{ serviceId: 1, code: '1001', title: 'Аналіз 1', price: 95, originalPrice: 100 }],
    additionalServices: [],
    totalPrice: 95,
    onlineDiscount: 5,
    promoDiscount: 0,
    otherDiscounts: 0,
    homeVisitCost: 0,
    paymentType: body.paymentType as PaymentType,
    doctor: null,
    resultsFetchDate: null,
    resultsProgress: null,
    receiptId: null,
    ...overrides,
  };
}

export type ServerState = {
  signedIn: boolean;
  cart: Cart;
  /** Promo codes the discount check knows, with their value. */
  promos: Record<string, number>;
  /** Codes the cart accepts, when they differ from the check's (a code used up meanwhile). */
  cartPromos?: Record<string, number>;
  onlineDiscountPercent: number;
  slots: HomeVisitSlotsResponse['slots'];
  /** The answer of order creation, or a failure to reply with. */
  createOrder: (body: OrderCreateBody) => Reply;
  order: Order | null;
  /** The city's branches. */
  branches: Branch[];
  /** The order's plan (GET /order/orders/{id}/plan); null answers 500. */
  plan: OrderPlan | null;
  removeFails: boolean;
  wards: Ward[];
  /** Cart reads answer 500. */
  cartFails: boolean;
  /** Adds to the cart answer once this settles (a slow network: the server is still working). */
  addHeld?: Promise<void>;
};

const route = (request: ApiRequest) => `${request.method?.toUpperCase()} ${request.url}`;

/** An order's plan as the server answers it: a branch visit with a strict fast and a lab that takes 3 days. */
export const PLAN: OrderPlan = {
  branch: {
    id: 1,
    title: 'вул. Хрещатик, 67',
    address: 'вул. Хрещатик, 67',
    phone: '+380441234567',
    schedule: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      opensAt: weekday === 7 ? null : '08:00',
      closesAt: weekday === 7 ? null : weekday === 6 ? '15:00' : '20:00',
    })),
    services: {
      covidTest: false,
      childNurse: false,
      cardTerminal: true,
      ramp: true,
      gynecologicalChair: false,
      urogenitalMale: false,
      everyDay: false,
    },
    status: 'closing-soon',
  },
  visit: null,
  preparation: {
    fastingHours: 12,
    notes: [
      { text: 'Строго натщесерце, через 12–14 годин.', services: ['Ліпідограма'], fastingHours: 12 },
      { text: 'Зібрати ранкову сечу.', services: ['Загальний аналіз сечі'], fastingHours: null },
    ],
  },
  results: { workingDays: 3, expectedDate: '2026-11-23' },
};

/** Installs the fake API; answers the mutable state and the recorded requests. */
export function serve(initial: Partial<ServerState> = {}) {
  const state: ServerState = {
    signedIn: false,
    cart: cartOf([]),
    promos: { SPRING10: 0.1 },
    onlineDiscountPercent: 5,
    slots: [
      { time: '09:00', available: 2 },
      { time: '10:00', available: 0 },
      { time: '11:00', available: 1 },
    ],
    createOrder: (body) => ok(orderOf(body)),
    order: null,
    plan: PLAN,
    branches: [BRANCH],
    removeFails: false,
    cartFails: false,
    wards: [WARD],
    ...initial,
  };
  const requests = installAdapter((request) => {
    const key = route(request);
    const query = (request.params ?? {}) as Record<string, unknown>;
    if (key === 'GET /info') return ok({ canLogin: !state.signedIn });
    if (key === 'GET /order/default/configuration')
      return ok({ systemPaymentType: 'online', onlineDiscountPercent: state.onlineDiscountPercent });
    if (key === 'GET /user/branches/enabled/settlements')
      return ok({ settlements: [{ id: CITY, title: 'Київ', sourceId: 'kyiv' }], branchCount: 1 });
    if (key === `GET /user/branches/settlements/${CITY}/enabled`) return ok(state.branches);
    if (key === 'GET /core/genders')
      return ok([
        { id: 1, code: 'male', title: 'Чоловіча', enabled: true },
        { id: 2, code: 'female', title: 'Жіноча', enabled: true },
      ]);
    if (key === 'GET /patient/patients/self') return ok({ ...owner, wards: [WARD] });
    if (key === 'GET /patient/patients/self/wards') return ok(state.wards);
    if (key === 'POST /patient/patients/self/wards') {
      const sent = bodyOf(request) as {
        firstName: string;
        lastName: string;
        middleName: string | null;
        birthDay: string;
      };
      const ward: Ward = { ...WARD, id: 12, userData: { ...WARD.userData, id: 102, ...sent } };
      state.wards = [...state.wards, ward];
      return ok(ward);
    }
    if (key.startsWith('GET /service/discounts/search/')) {
      const code = decodeURIComponent(key.slice('GET /service/discounts/search/'.length));
      const value = state.promos[code];
      return value === undefined
        ? { status: 404, data: { code: 'not-found', message: 'Промокод не знайдено' } }
        : ok({ code, value, validTo: null });
    }
    if (key === `GET /cart/carts/${GUEST_CART}` || key === 'GET /cart/carts') {
      if (state.cartFails) return { status: 500, data: { code: 'internal', message: 'Внутрішня помилка' } };
      const promoCode = query.promoCode;
      if (typeof promoCode === 'string') {
        const value = (state.cartPromos ?? state.promos)[promoCode];
        if (promoCode !== '' && value === undefined) {
          state.cart = { ...state.cart, promo: null, promoCode: null };
          return {
            status: 400,
            data: { code: 'wrong-promo', message: 'Промокод недійсний', field: 'promoCode' },
          };
        }
        state.cart = { ...state.cart, promo: value ?? null, promoCode: promoCode || null };
      }
      return ok(state.cart);
    }
    if (key === `POST /cart/carts/${GUEST_CART}/add`) {
      const { serviceIds } = bodyOf(request) as { serviceIds: number[] };
      return (state.addHeld ?? Promise.resolve()).then(() => {
        state.cart = cartOf([...state.cart.items, ...serviceIds.map((id) => line(id))], state.cart.additionalItems);
        return ok(state.cart);
      });
    }
    if (key === `POST /cart/carts/${GUEST_CART}/remove` || key === 'POST /cart/carts/remove') {
      if (state.removeFails) return { status: 400, data: { code: 'not-removable', message: 'Не можна видалити' } };
      const { serviceIds } = bodyOf(request) as { serviceIds: number[] };
      const items = state.cart.items.filter((item) => !serviceIds.includes(item.serviceId));
      state.cart = cartOf(items, items.length ? state.cart.additionalItems : [], {
        promo: state.cart.promo,
        promoCode: state.cart.promoCode,
        unavailableItems: (state.cart.unavailableItems ?? []).filter((item) => !serviceIds.includes(item.serviceId)),
      });
      return ok(state.cart);
    }
    if (key === 'GET /order/home-visit/slots')
      return ok({ date: String(query.date), cost: 350, slots: state.slots } satisfies HomeVisitSlotsResponse);
    if (key === 'POST /order/orders') {
      const reply = state.createOrder(bodyOf(request) as OrderCreateBody);
      if ('status' in reply && reply.status === 200) state.order = reply.data as Order;
      return reply;
    }
    if (key === 'POST /order/orders/registry') return ok({ id: 77 });
    if (key === 'POST /order/orders/registry/payment')
      return ok({ paymentId: 'pay-1', url: 'http://localhost/api/sandbox/pay/pay-1', amount: 95 });
    if (key === 'POST /order/orders/registry/payment/method') {
      const order = state.order as Order;
      state.order = { ...order, paymentType: 'cash', state: 'waiting-at-branch', onlineDiscount: 0, totalPrice: 100 };
      return ok(state.order);
    }
    if (key.startsWith('GET /order/orders/') && key.endsWith('/plan')) {
      return state.plan ? ok(state.plan) : { status: 500, data: { code: 'internal', message: 'Помилка' } };
    }
    if (key.startsWith('GET /order/orders/')) {
      return state.order ? ok(state.order) : { status: 404, data: { code: 'not-found', message: 'Не знайдено' } };
    }
    return { status: 501, data: { code: 'not-implemented', message: key } };
  });
  return { state, requests, calls: (key: string) => requests.filter((request) => route(request) === key) };
}
