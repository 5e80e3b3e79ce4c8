/** Settlements (cities) and branches: docs/product.md#entities "City", "Branch" and the city calls of docs/product.md#calls. */
import { type Static, Type } from '@sinclair/typebox';
import { Body, Id, Nullable } from './common';

export const Latitude = Type.Number({ minimum: -90, maximum: 90 });
export const Longitude = Type.Number({ minimum: -180, maximum: 180 });

/** City: id, title, sourceId (matches a URL's first segment), plus coordinates for the nearest-city lookup. */
export const Settlement = Type.Object({
  id: Id,
  title: Type.String({ minLength: 1 }),
  sourceId: Type.String({ minLength: 1 }),
  lat: Latitude,
  lon: Longitude,
});
export type Settlement = Static<typeof Settlement>;

/** `includePartners=true` is on every settlement call: partner labs count as branches. */
export const IncludePartnersQuery = Type.Object({ includePartners: Type.Optional(Type.Boolean({ default: true })) });
export type IncludePartnersQuery = Static<typeof IncludePartnersQuery>;

export const SettlementsListQuery = Type.Object({
  sort: Type.Optional(Type.Literal('top-branches-count')),
  includePartners: Type.Optional(Type.Boolean({ default: true })),
});
export type SettlementsListQuery = Static<typeof SettlementsListQuery>;

export const SettlementsListResponse = Type.Object({
  settlements: Type.Array(Settlement),
  branchCount: Type.Integer({ minimum: 0 }),
});
export type SettlementsListResponse = Static<typeof SettlementsListResponse>;

export const NearestSettlementBody = Body({ lat: Latitude, lon: Longitude });
export type NearestSettlementBody = Static<typeof NearestSettlementBody>;
export const NearestSettlementResponse = Type.Object({ id: Id });
export type NearestSettlementResponse = Static<typeof NearestSettlementResponse>;

export const SettlementParams = Type.Object({ id: Id });
export type SettlementParams = Static<typeof SettlementParams>;

/** ISO weekday: 1 Monday ... 7 Sunday (the Ukrainian week starts on Monday). */
export const Weekday = Type.Integer({ minimum: 1, maximum: 7 });
const Time = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });

/** One weekday's hours; both null when the branch is closed that day. */
export const ScheduleDay = Type.Object({ weekday: Weekday, opensAt: Nullable(Time), closesAt: Nullable(Time) });
export type ScheduleDay = Static<typeof ScheduleDay>;

/** The service icons of a branch card (docs/product.md#entities "Branch"). */
export const BranchServices = Type.Object({
  covidTest: Type.Boolean(),
  childNurse: Type.Boolean(),
  cardTerminal: Type.Boolean(),
  ramp: Type.Boolean(),
  gynecologicalChair: Type.Boolean(),
  urogenitalMale: Type.Boolean(),
  everyDay: Type.Boolean(),
});
export type BranchServices = Static<typeof BranchServices>;

/** Computed by the server at request time from the schedule (Kyiv time). */
export const BranchStatus = Type.Union([Type.Literal('open'), Type.Literal('closed'), Type.Literal('closing-soon')]);
export type BranchStatus = Static<typeof BranchStatus>;

export const Branch = Type.Object({
  id: Id,
  settlementId: Id,
  title: Type.String(),
  address: Type.String({ minLength: 1 }),
  lat: Latitude,
  lon: Longitude,
  phone: Nullable(Type.String()),
  partner: Type.Boolean(),
  schedule: Type.Array(ScheduleDay, { maxItems: 7 }),
  services: BranchServices,
  status: BranchStatus,
});
export type Branch = Static<typeof Branch>;

export const SettlementBranchesResponse = Type.Array(Branch);
export type SettlementBranchesResponse = Static<typeof SettlementBranchesResponse>;
