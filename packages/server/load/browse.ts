/**
 * The guest part of a visit, as the storefront calls it: the city (picked on the first visit) and a branch, the group tree,
 * a group's list, a service page, a search. Answers services the customer may put in the cart: offered
 * (priced) in the city and suitable for the patient's sex.
 */
import type {
  SearchResponse,
  ServiceCard,
  ServiceGroupNode,
  ServiceGroupTreeResponse,
  ServiceInfo,
  ServiceListResponse,
  SettlementBranchesResponse,
  SettlementsListResponse,
} from '@lab/api/contract';
import type { CustomerHttp } from './http';
import { expectStatus, pick, pickMany, type Random } from './util';

export interface Visit {
  readonly settlementId: number;
  readonly branchId: number;
  /** Distinct services that can go into the cart. */
  readonly candidates: readonly number[];
}

/** Queries a visitor types: words, a Latin-layout slip, a typo, a code. */
const QUERIES = ['кров', 'феритин', 'вітамін д', 'athbnby', 'холестерин', 'глюкоза', 'холистирин', 'тиреотропний'];

const fits = (gender: ServiceCard['gender'], sex: 'male' | 'female') => gender === null || gender === sex;

function flatten(nodes: readonly ServiceGroupNode[]): ServiceGroupNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.childNodes)]);
}

/** `cityId`: the city the visitor chose before (the storefront keeps it); a random one when undefined. */
export async function browse(
  http: CustomerHttp,
  random: Random,
  sex: 'male' | 'female',
  cityId: number | undefined,
): Promise<Visit> {
  const settlements = await http.request<SettlementsListResponse>(
    'settlementsList',
    '/api/public/user/branches/enabled/settlements?sort=top-branches-count&includePartners=true',
  );
  expectStatus(settlements, 200, 'settlementsList');
  const settlement =
    settlements.body.settlements.find((s) => s.id === cityId) ?? pick(random, settlements.body.settlements);
  if (!settlement) throw new Error('the server lists no settlements');
  const settlementId = settlement.id;

  const branches = await http.request<SettlementBranchesResponse>(
    'settlementBranches',
    `/api/public/user/branches/settlements/${settlementId}/enabled?includePartners=true`,
  );
  expectStatus(branches, 200, 'settlementBranches');
  const branch = pick(random, branches.body);
  if (!branch) throw new Error(`settlement ${settlementId} lists no branch`);

  const popular = await http.request<ServiceCard[]>(
    'servicesPopular',
    `/api/public/content/services/groups/popular/services/infos?settlementId=${settlementId}`,
  );
  expectStatus(popular, 200, 'servicesPopular');

  const tree = await http.request<ServiceGroupTreeResponse>(
    'serviceGroupTree',
    '/api/public/service/services/groups/enabled/tree/separated',
  );
  expectStatus(tree, 200, 'serviceGroupTree');
  const groups = flatten([...tree.body.services, ...tree.body.packageServices]);

  const cards: ServiceCard[] = [...popular.body];
  for (let attempt = 0; attempt < 3; attempt++) {
    const group = pick(random, groups);
    if (!group) break;
    const list = await http.request<ServiceListResponse>(
      'serviceList',
      '/api/public/service/services/infos/settlements?page=0&size=20',
      { json: { settlementId, groupIds: [group.groupId], sort: 'group', showOnSite: true } },
    );
    expectStatus(list, 200, 'serviceList');
    cards.push(...list.body.content);
    if (list.body.content.length > 0) break;
  }

  const search = await http.request<SearchResponse>('search', '/api/public/search/search', {
    json: {
      settlementId,
      query: pick(random, QUERIES) ?? 'кров',
      types: ['services', 'service-packages', 'service-groups', 'branches'],
      page: 0,
      size: 10,
    },
  });
  expectStatus(search, 200, 'search');
  const hits = search.body.groups.flatMap((group) =>
    group.items.content.flatMap((entry) => ('service' in entry && entry.service.price ? [entry.service] : [])),
  );

  // a service page: a search hit when there is one (its sex restriction is only on the page), else a card
  const candidates = new Set(
    cards.filter((card) => card.price !== null && fits(card.gender, sex)).map((card) => card.id),
  );
  const slug = pick(random, hits)?.slug ?? pick(random, cards)?.slug;
  if (slug) {
    const page = await http.request<ServiceInfo>(
      'serviceBySlug',
      `/api/public/service/services/infos/slug/${encodeURIComponent(slug)}?settlementId=${settlementId}`,
    );
    expectStatus(page, 200, 'serviceBySlug');
    if (page.body.price !== null && fits(page.body.gender, sex)) candidates.add(page.body.id);
    const clientsBuy = await http.request<ServiceCard[]>(
      'serviceClientsBuy',
      `/api/public/content/services/groups/clients/services/infos?settlementId=${settlementId}&serviceId=${page.body.id}`,
    );
    expectStatus(clientsBuy, 200, 'serviceClientsBuy');
  }
  return { settlementId, branchId: branch.id, candidates: pickMany(random, [...candidates], 12) };
}
