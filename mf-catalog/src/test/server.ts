import type { Cart, SearchBody, SearchResponse, ServiceCard, ServiceInfo, ServiceListBody } from '@lab/api';
import type { ApiRequest } from '@lab/api/test/fake-adapter';
import { cartOf, tree } from './fixtures';
import { bodyOf, installAdapter, ok, type Reply } from './render';

export const NEW_CART = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

type Options = {
  /** The whole list a category request filters from (by group ids). */
  services?: ServiceCard[];
  list?: (body: ServiceListBody, page: number, size: number) => Reply | Promise<Reply>;
  info?: ServiceInfo | null;
  packages?: ServiceCard[];
  popular?: ServiceCard[];
  search?: (body: SearchBody) => SearchResponse;
  signedIn?: boolean;
};

const notFound: Reply = { status: 404, data: { code: 'not-found', message: 'Не знайдено' } };

/** A fake API for the catalogue's calls; returns the recorded requests and the carts it holds. */
export function serveCatalogue(options: Options = {}) {
  const carts = new Map<string, number[]>();
  const requests = installAdapter((request: ApiRequest) => {
    const url = request.url ?? '';
    const method = request.method ?? 'get';
    const params = (request.params ?? {}) as Record<string, number>;
    if (url === '/info') return ok({ canLogin: !options.signedIn });
    if (url === '/service/services/groups/enabled/tree/separated') return ok(tree);
    if (url === '/service/services/infos/settlements') {
      const body = bodyOf(request) as ServiceListBody;
      const page = Number(params.page ?? 0);
      const size = Number(params.size ?? 20);
      if (options.list) return options.list(body, page, size);
      // the server's filters: groups, gender (the other gender's analyses left out), price order
      const amount = (service: ServiceCard) => service.price?.price.price ?? Number.POSITIVE_INFINITY;
      const all = (options.services ?? [])
        .filter((service) => service.groupIds.some((id) => body.groupIds?.includes(id)))
        .filter((service) => !body.gender || service.gender === null || service.gender === body.gender)
        .sort((a, b) => (body.priceSort ? (amount(a) - amount(b)) * (body.priceSort === 'asc' ? 1 : -1) : 0));
      return ok({
        content: all.slice(page * size, page * size + size),
        page,
        totalPages: Math.ceil(all.length / size),
        totalElements: all.length,
      });
    }
    if (url.startsWith('/service/services/infos/slug/')) return options.info ? ok(options.info) : notFound;
    if (/^\/service\/services\/infos\/\d+\/packages$/.test(url)) return ok(options.packages ?? []);
    if (url === '/content/services/groups/popular/services/infos') return ok(options.popular ?? []);
    if (url === '/search/search' && options.search) return ok(options.search(bodyOf(request) as SearchBody));
    if (url === '/cart/carts' && method === 'post') {
      // a guest's first add creates the cart holding it, in one call (as the API does)
      const items = [...((bodyOf(request) as { serviceIds?: number[] } | undefined)?.serviceIds ?? [])];
      carts.set(NEW_CART, items);
      return ok(cartOf(NEW_CART, items));
    }
    const cartMatch = /^\/cart\/carts(?:\/([0-9a-f-]{36}))?(\/add)?$/.exec(url);
    if (cartMatch) {
      const id = cartMatch[1] ?? 'user';
      if (!carts.has(id)) {
        if (id !== 'user') return notFound;
        carts.set(id, []);
      }
      const items = carts.get(id) ?? [];
      if (cartMatch[2]) items.push(...(bodyOf(request) as { serviceIds: number[] }).serviceIds);
      const cart: Cart = cartOf(id === 'user' ? NEW_CART : id, items);
      return ok(cart);
    }
    return { status: 501, data: { code: 'not-implemented', message: `${method} ${url}` } };
  });
  return { requests, carts };
}
