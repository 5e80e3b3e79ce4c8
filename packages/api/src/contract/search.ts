/** Site search: docs/product.md#entities "Search result", "Search totals", "Search response", "Search history entry". */
import { type Static, Type } from '@sinclair/typebox';
import { Body, DisplayPrice, Id, Nullable, PageIndex, PageSize, ServicePrice, Slug } from './common';
import { Branch } from './settlements';

export const SearchGroupType = Type.Union([
  Type.Literal('services'),
  Type.Literal('service-packages'),
  Type.Literal('service-groups'),
  Type.Literal('branches'),
]);
export type SearchGroupType = Static<typeof SearchGroupType>;

/**
 * `query`: at most 100 characters; a blank query is refused with 400 (docs/product.md#validation: an empty query
 * cannot be submitted) with a localized message, so the schema sets no minimum length. `page` and
 * `size` apply to each type's list.
 */
export const SearchBody = Body({
  settlementId: Id,
  query: Type.String({ maxLength: 100 }),
  types: Type.Array(SearchGroupType, { minItems: 1, maxItems: 4, uniqueItems: true }),
  page: Type.Optional(PageIndex),
  size: Type.Optional(PageSize),
});
export type SearchBody = Static<typeof SearchBody>;

/** A service or package hit, priced in the requested settlement. */
export const SearchServiceHit = Type.Object({
  id: Id,
  title: Type.String(),
  slug: Slug,
  code: Type.String(),
  packageService: Type.Boolean(),
  price: Nullable(ServicePrice),
});
export type SearchServiceHit = Static<typeof SearchServiceHit>;

export const SearchGroupHit = Type.Object({ id: Id, title: Type.String(), slug: Slug, packageGroup: Type.Boolean() });
export type SearchGroupHit = Static<typeof SearchGroupHit>;

/**
 * A branch hit: a branch of the requested settlement (no other city's), with that settlement's title,
 * to be shown with its address (docs/product.md#the-products-choices, "Search": «Бердичів, вул. …»).
 */
export const SearchBranchHit = Type.Composite([
  Branch,
  Type.Object({ settlementTitle: Type.String({ minLength: 1 }) }),
]);
export type SearchBranchHit = Static<typeof SearchBranchHit>;

/** Each content entry wraps its hit: `service`, `group`, or (docs/product.md#entities) `branch`. */
export const SearchEntry = Type.Union([
  Type.Object({ service: SearchServiceHit }),
  Type.Object({ group: SearchGroupHit }),
  Type.Object({ branch: SearchBranchHit }),
]);
export type SearchEntry = Static<typeof SearchEntry>;

export const SearchGroup = Type.Object({
  type: SearchGroupType,
  items: Type.Object({ totalElements: Type.Integer({ minimum: 0 }), content: Type.Array(SearchEntry) }),
});
export type SearchGroup = Static<typeof SearchGroup>;

export const SearchResponse = Type.Object({
  groups: Type.Array(SearchGroup),
  totalCount: Type.Integer({ minimum: 0 }),
});
export type SearchResponse = Static<typeof SearchResponse>;

// ---- client-side shapes derived from a SearchResponse (dropdown, totals chips, local history)

export const SearchCategory = Type.Union([
  Type.Literal('services'),
  Type.Literal('service-packages'),
  Type.Literal('categories'),
]);
export type SearchCategory = Static<typeof SearchCategory>;

export const SearchDropdownResult = Type.Object({
  id: Id,
  title: Type.String(),
  url: Type.String(),
  category: SearchCategory,
  price: Type.Optional(DisplayPrice),
});
export type SearchDropdownResult = Static<typeof SearchDropdownResult>;

/** Chips linking to `/search#services`, `#service-packages`, `#categories`. */
export const SearchTotals = Type.Object({
  services: Type.Object({ totalElements: Type.Integer({ minimum: 0 }) }),
  'service-packages': Type.Object({ totalElements: Type.Integer({ minimum: 0 }) }),
  categories: Type.Object({ totalElements: Type.Integer({ minimum: 0 }) }),
});
export type SearchTotals = Static<typeof SearchTotals>;

export const SearchHistoryEntry = Type.Object({
  id: Id,
  title: Type.String(),
  url: Type.String(),
  category: SearchCategory,
  type: SearchGroupType,
  price: Type.Optional(DisplayPrice),
});
export type SearchHistoryEntry = Static<typeof SearchHistoryEntry>;
