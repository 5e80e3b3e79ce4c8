/** A fake API for the account's calls: fixtures by URL, each test overriding what it needs. */
import type { ApiRequest } from '@lab/api/test/fake-adapter';
import { DOCTOR, DYNAMICS, MANAGER, order, PATIENT, REGISTRY, WORKPLACES } from './fixtures';
import { installAdapter, ok, type Reply } from './render';

export const notFound: Reply = { status: 404, data: { code: 'not-found', message: 'Не знайдено' } };

type Options = {
  signedIn?: boolean;
  patient?: boolean;
  doctor?: boolean;
  /** Orders the list answers (all of them, paged by the request's page and size); a function reads them anew each time. */
  orders?: ReturnType<typeof order>[] | (() => ReturnType<typeof order>[]);
  /** The results-ready SMS switch as the server has it (on by default). */
  resultsSms?: boolean;
  /** A promise holds the answer back: to see what shows while a call is under way. */
  handle?: (request: ApiRequest) => Reply | Promise<Reply> | undefined;
};

const NEW_CART = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

export function serveAccount(options: Options = {}) {
  const { signedIn = true, patient = true, doctor = false } = options;
  let currentWorkplace = WORKPLACES[0] ?? null;
  let resultsSms = options.resultsSms ?? true;
  const requests = installAdapter((request) => {
    const own = options.handle?.(request);
    if (own) return own;
    const url = request.url ?? '';
    const method = (request.method ?? 'get').toLowerCase();
    const params = (request.params ?? {}) as Record<string, unknown>;
    if (url === '/info') return ok({ canLogin: !signedIn });
    if (url === '/logout') return ok({ ok: true });
    if (url === '/patient/patients/self') return patient ? ok(PATIENT) : notFound;
    if (url === '/patient/patients/self/wards') return ok(PATIENT.wards);
    if (url === '/user/doctors/self') return doctor ? ok(DOCTOR) : notFound;
    if (url === '/user/doctors/self/workplaces') return doctor ? ok(WORKPLACES) : notFound;
    if (url === '/user/doctors/self/workplaces/current') return doctor ? ok(currentWorkplace) : notFound;
    if (url === '/user/doctors/self/specialization') return ok({ id: 1, title: 'Терапевт' });
    if (url === '/user/doctors/self/manager') return doctor ? ok(MANAGER) : notFound;
    const select = /^\/user\/doctors\/self\/workplaces\/(\d+)\/current$/.exec(url);
    if (select && method === 'post') {
      currentWorkplace = WORKPLACES.find((workplace) => workplace.id === Number(select[1])) ?? null;
      return currentWorkplace ? ok(currentWorkplace) : notFound;
    }
    if (url === '/user/users/self/notifications') {
      if (method === 'post') {
        const body = typeof request.data === 'string' ? JSON.parse(request.data) : request.data;
        resultsSms = (body as { resultsSms: boolean }).resultsSms;
      }
      return ok({ resultsSms });
    }
    if (url === '/core/genders') {
      return ok([
        { id: 1, code: 'male', title: 'Чоловіча', enabled: true },
        { id: 2, code: 'female', title: 'Жіноча', enabled: true },
      ]);
    }
    if (url === '/admin-app/registries/self') {
      const all = (typeof options.orders === 'function' ? options.orders() : options.orders) ?? [order()];
      const page = Number(params.page ?? 0);
      const size = Number(params.size ?? 20);
      return ok({
        content: all.slice(page * size, page * size + size),
        page,
        totalPages: Math.ceil(all.length / size),
        totalElements: all.length,
      });
    }
    if (url === `/registry/registries/self/${REGISTRY.id}`) return ok(REGISTRY);
    if (/^\/registry\/registries\/self\/patient\/\d+\/analysis\/\d+\/results$/.test(url)) return ok(DYNAMICS);
    if (/^\/registry\/registries\/self\/\d+$/.test(url)) return notFound;
    if (url === '/cart/carts' && method === 'post') {
      return ok({ id: NEW_CART, items: [], additionalItems: [], totalPrice: 0, originalTotalPrice: 0, promo: null });
    }
    if (url.startsWith('/cart/carts')) {
      return ok({ id: 'cart', items: [], additionalItems: [], totalPrice: 0, originalTotalPrice: 0, promo: null });
    }
    return notFound;
  });
  return requests;
}

export { NEW_CART };
