/** Analyses, packages and their groups: docs/product.md#entities "Service group tree", "Service info"; docs/product.md#calls service calls. */
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import {
  Body,
  GenderRestriction,
  Id,
  NoChildren,
  Nullable,
  Page,
  PageIndex,
  PageSize,
  ServicePrice,
  Slug,
} from './common';

// ---- group tree

/** A service group (category) node. `key` is the node's path of group ids ("3.17"), unique in a tree. */
export type ServiceGroupNode = {
  groupId: number;
  slug: string;
  key: string;
  title: string;
  childNodes: ServiceGroupNode[];
};

const groupLevel = <T extends TSchema>(childNodes: T) =>
  Type.Object({ groupId: Id, slug: Slug, key: Type.String({ minLength: 1 }), title: Type.String(), childNodes });
const parentOf = <T extends TSchema>(child: T) => groupLevel(Type.Array(child));

/** Four levels spelled out instead of a recursive `$ref` so the schema stays plain JSON schema. */
export const ServiceGroupNodeSchema = parentOf(parentOf(parentOf(groupLevel(NoChildren))));

/** Two trees: analyses and packages (`packageServices`). */
export const ServiceGroupTreeResponse = Type.Object({
  services: Type.Array(ServiceGroupNodeSchema),
  packageServices: Type.Array(ServiceGroupNodeSchema),
});
export type ServiceGroupTreeResponse = { services: ServiceGroupNode[]; packageServices: ServiceGroupNode[] };

// ---- services

/** The fields a list card, a cart line or a search hit needs. */
export const ServiceRef = Type.Object({
  id: Id,
  code: Type.String({ minLength: 1 }),
  slug: Slug,
  title: Type.String(),
  packageService: Type.Boolean(),
});
export type ServiceRef = Static<typeof ServiceRef>;

/** A service in a catalogue list, priced in the settlement of the request (null: not offered there). */
export const ServiceCard = Type.Composite([
  ServiceRef,
  Type.Object({
    description: Type.String(),
    price: Nullable(ServicePrice),
    /** Working days until results are ready. */
    turnaroundDays: Type.Integer({ minimum: 0 }),
    gender: GenderRestriction,
    groupIds: Type.Array(Id),
  }),
]);
export type ServiceCard = Static<typeof ServiceCard>;

export const Material = Type.Object({ id: Id, title: Type.String() });
export type Material = Static<typeof Material>;

/** One laboratory analysis inside a service; a package holds several. */
export const Analysis = Type.Object({
  id: Id,
  code: Type.String(),
  title: Type.String(),
  gender: GenderRestriction,
  materials: Type.Array(Material),
});
export type Analysis = Static<typeof Analysis>;

/** The analysis/package page (docs/product.md#entities "Service info"). */
export const ServiceInfo = Type.Composite([
  ServiceCard,
  Type.Object({
    analyses: Type.Array(Analysis),
    /** Unique material titles joined by '. '. */
    materials: Type.String(),
    preparation: Nullable(Type.String()),
    /** Packages other clients buy with this service. */
    clientsBuy: Type.Array(ServiceCard),
    isPartOfPackets: Type.Boolean(),
    /** Services added with this one (a package's derived cart lines). */
    additionalServices: Type.Array(ServiceRef),
  }),
]);
export type ServiceInfo = Static<typeof ServiceInfo>;

export const SettlementQuery = Type.Object({ settlementId: Id });
export type SettlementQuery = Static<typeof SettlementQuery>;

export const ServiceParams = Type.Object({ id: Id });
export type ServiceParams = Static<typeof ServiceParams>;

export const ServiceSlugParams = Type.Object({ slug: Slug });
export type ServiceSlugParams = Static<typeof ServiceSlugParams>;

/** `?page&size` of the list call. */
export const ServiceListQuery = Type.Object({ page: Type.Optional(PageIndex), size: Type.Optional(PageSize) });
export type ServiceListQuery = Static<typeof ServiceListQuery>;

/** "For men" / "for women": analyses suitable for them (the other gender's are left out). */
export const ServiceGenderFilter = Type.Union([Type.Literal('male'), Type.Literal('female')]);
export type ServiceGenderFilter = Static<typeof ServiceGenderFilter>;

/**
 * Filter by groups, by text, or by ids (docs/product.md#calls: groups, or a text, or ids); the filters may be
 * combined and narrowed by the visitor's choices: packageService, gender, subgroupId (one group
 * inside the chosen ones). Order: catalogue order by group ('group', the default), relevance for a
 * query, the order of serviceIds, or by price in the settlement when priceSort is given.
 */
export const ServiceListBody = Body({
  settlementId: Id,
  groupIds: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  query: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  serviceIds: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  packageService: Type.Optional(Type.Boolean()),
  gender: Type.Optional(ServiceGenderFilter),
  subgroupId: Type.Optional(Id),
  priceSort: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  sort: Type.Optional(Type.Literal('group')),
  showOnSite: Type.Optional(Type.Literal(true)),
});
export type ServiceListBody = Static<typeof ServiceListBody>;
export const ServiceListResponse = Page(ServiceCard);
export type ServiceListResponse = Static<typeof ServiceListResponse>;

export const ServiceCardsResponse = Type.Array(ServiceCard);
export type ServiceCardsResponse = Static<typeof ServiceCardsResponse>;

export const ClientsBuyQuery = Type.Object({ settlementId: Id, serviceId: Id });
export type ClientsBuyQuery = Static<typeof ClientsBuyQuery>;

// ---- preparation

export const ServicePreparation = Type.Object({ serviceId: Id, preparation: Nullable(Type.String()) });
export type ServicePreparation = Static<typeof ServicePreparation>;

/** General preparation rules (GET /service/services/preparation). */
export const PreparationRule = Type.Object({ id: Id, title: Type.String(), content: Type.String() });
export type PreparationRule = Static<typeof PreparationRule>;
export const PreparationRulesResponse = Type.Array(PreparationRule);
export type PreparationRulesResponse = Static<typeof PreparationRulesResponse>;

// ---- genealogy: the groups a service sits in, root first (breadcrumbs, catalogue links)

export const GenealogyGroup = Type.Object({ groupId: Id, slug: Slug, title: Type.String() });
export type GenealogyGroup = Static<typeof GenealogyGroup>;
export const Genealogy = Type.Object({ serviceId: Id, groups: Type.Array(GenealogyGroup) });
export type Genealogy = Static<typeof Genealogy>;

export const GenealogiesBody = Body({ ids: Type.Array(Id, { minItems: 1, maxItems: 100 }) });
export type GenealogiesBody = Static<typeof GenealogiesBody>;
export const GenealogiesResponse = Type.Array(Genealogy);
export type GenealogiesResponse = Static<typeof GenealogiesResponse>;
