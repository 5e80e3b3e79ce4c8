import {
  addressWithCity,
  type SearchBranchHit,
  type SearchCategory,
  type SearchDropdownResult,
  type SearchEntry,
  type SearchGroupType,
  type SearchHistoryEntry,
  type SearchResponse,
  type SearchTotals,
  toDisplayPrice,
} from '@lab/api';

/** docs/product.md#constants: the dropdown's rows (and its skeleton rows) and total chips. */
export const DROPDOWN_ROWS = 9;
export const TOTAL_CHIPS: readonly SearchCategory[] = ['services', 'service-packages', 'categories'];

/** A dropdown row: a search result (docs/product.md#entities) plus the group it came from (kept in the history). */
export type DropdownRow = SearchDropdownResult & { type: SearchGroupType };

/** The search-page anchor and group type of each chip (docs/product.md#search: #services, #service-packages, #categories). */
export const CATEGORY_GROUP: Record<SearchCategory, SearchGroupType> = {
  services: 'services',
  'service-packages': 'service-packages',
  categories: 'service-groups',
};

const GROUP_CATEGORY: Partial<Record<SearchGroupType, SearchCategory>> = {
  services: 'services',
  'service-packages': 'service-packages',
  'service-groups': 'categories',
};

export const searchUrl = (query: string, anchor?: string) =>
  `/search?query=${encodeURIComponent(query.trim())}${anchor ? `#${anchor}` : ''}`;

/** Where a hit leads: an analysis or package page, a category page, the branches. */
export function entryUrl(entry: SearchEntry): string {
  if ('service' in entry) return `/analysis/${entry.service.slug}`;
  if ('group' in entry) return `/analyzes/${entry.group.slug}`;
  return '/contacts';
}

/**
 * A branch hit's title: its address with its city first, «Бердичів, вул. Незалежності, 47»
 * (docs/product.md#the-products-choices, "Search"); the city once when the address already names it.
 */
export const branchHitTitle = (branch: Pick<SearchBranchHit, 'address' | 'settlementTitle'>): string =>
  addressWithCity(branch.address, branch.settlementTitle);

function toRow(entry: SearchEntry, type: SearchGroupType): DropdownRow | null {
  const category = GROUP_CATEGORY[type];
  if (!category) return null;
  if ('service' in entry) {
    const { service } = entry;
    return {
      id: service.id,
      title: service.title,
      url: entryUrl(entry),
      category,
      type,
      ...(service.price ? { price: toDisplayPrice(service.price) } : {}),
    };
  }
  if ('group' in entry) return { id: entry.group.id, title: entry.group.title, url: entryUrl(entry), category, type };
  return null;
}

/**
 * The dropdown's rows: each group gets an equal share of the rows first (analyses, packages,
 * categories in that order), then the rows left over go to the groups that have more.
 */
export function dropdownRows(response: SearchResponse, limit = DROPDOWN_ROWS): DropdownRow[] {
  const lists = TOTAL_CHIPS.map((category) => {
    const group = response.groups.find((item) => item.type === CATEGORY_GROUP[category]);
    return (group?.items.content ?? [])
      .map((entry) => toRow(entry, CATEGORY_GROUP[category]))
      .filter((row): row is DropdownRow => row !== null);
  });
  const share = Math.floor(limit / TOTAL_CHIPS.length);
  const taken = lists.map((rows) => Math.min(share, rows.length));
  let left = limit - taken.reduce((sum, count) => sum + count, 0);
  lists.forEach((rows, index) => {
    const extra = Math.min(left, rows.length - (taken[index] ?? 0));
    taken[index] = (taken[index] ?? 0) + extra;
    left -= extra;
  });
  return lists.flatMap((rows, index) => rows.slice(0, taken[index]));
}

/** docs/product.md#entities "Search totals" for the chips. */
export function searchTotals(response: SearchResponse): SearchTotals {
  const total = (type: SearchGroupType) =>
    response.groups.find((group) => group.type === type)?.items.totalElements ?? 0;
  return {
    services: { totalElements: total('services') },
    'service-packages': { totalElements: total('service-packages') },
    categories: { totalElements: total('service-groups') },
  };
}

export function toHistoryEntry(row: DropdownRow): SearchHistoryEntry {
  const { id, title, url, category, type, price } = row;
  return { id, title, url, category, type, ...(price ? { price } : {}) };
}
