/**
 * Building blocks shared by every area of the contract. Plain JSON-schema objects (TypeBox), no
 * `$ref`/`$id`: each route schema stays self-contained for Ajv, fast-json-stringify and OpenAPI.
 */
import { type Static, type TProperties, type TSchema, Type } from '@sinclair/typebox';

/** `T | null` as `anyOf`, which Ajv, the serializer and OpenAPI all understand. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * The children of a tree's deepest level: an always-empty array. `{ type: 'object' }` items rather
 * than `not: {}` keep the serializer and OpenAPI happy; the static type is `never[]`.
 */
export const NoChildren = Type.Array(Type.Unsafe<never>({ type: 'object' }), { maxItems: 0 });

/** Request bodies reject unknown fields, so a typo in a client fails loudly instead of being ignored. */
export const Body = <T extends TProperties>(properties: T) => Type.Object(properties, { additionalProperties: false });

/**
 * Database ids of settlements, branches, services, groups, patients ... (positive integers; the
 * database's int4, so a larger number is refused as input instead of overflowing in SQL).
 */
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
export type Id = Static<typeof Id>;

/** Client-generated or opaque ids (cart, order): UUIDs. */
export const Uuid = Type.String({ format: 'uuid' });

export const Slug = Type.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9]+(?:[-_][a-z0-9]+)*$' });

/** docs/product.md#validation: the phone reduced to digits in international form, 13 characters with the '+'. */
export const Phone = Type.String({ pattern: '^\\+380\\d{9}$', minLength: 13, maxLength: 13 });
export type Phone = Static<typeof Phone>;

/** docs/product.md#validation and #constants: SMS code, 4 digits. */
export const SmsCode = Type.String({ pattern: '^\\d{4}$' });

/** Calendar date YYYY-MM-DD (the date picker's format, docs/product.md#constants). */
export const DateString = Type.String({ format: 'date' });
export const DateTimeString = Type.String({ format: 'date-time' });

/** Amount in hryvnia; two decimals at most are meaningful, the display drops a trailing .00. */
export const Money = Type.Number({ minimum: 0 });

/** A fraction 0..1 (promo value, online discount). */
export const Fraction = Type.Number({ minimum: 0, maximum: 1 });

/** docs/product.md#constants: the first page is 0; sizes are bounded so one request cannot dump a table. */
export const PageIndex = Type.Integer({ minimum: 0, default: 0 });
export const PageSize = Type.Integer({ minimum: 1, maximum: 100, default: 20 });
export const PageQuery = Type.Object({ page: Type.Optional(PageIndex), size: Type.Optional(PageSize) });
export type PageQuery = Static<typeof PageQuery>;

/** Comma-separated list in a query string (`types=header,footer`), as the calls write them (docs/product.md#calls). */
export const CsvList = Type.String({ pattern: '^[A-Za-z0-9_-]+(?:,[A-Za-z0-9_-]+)*$', maxLength: 2000 });
export const CsvIds = Type.String({ pattern: '^\\d+(?:,\\d+)*$', maxLength: 2000 });

/** Page<T> of docs/product.md#entities, "content, totalPages, page" plus totalElements used by search. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    content: Type.Array(item),
    totalPages: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 0 }),
    totalElements: Type.Integer({ minimum: 0 }),
  });
export type Page<T> = { content: T[]; totalPages: number; page: number; totalElements: number };

/** The one error body every failure of the API is turned into, with the request's id. */
export const ErrorBody = Type.Object({
  code: Type.String({ minLength: 1 }),
  message: Type.String(),
  field: Type.Optional(Type.String()),
  /** The request's id (also its X-Request-Id header): what support looks up in the server's log. */
  requestId: Type.Optional(Type.String()),
});
export type ErrorBody = Static<typeof ErrorBody>;

/** Acknowledgement of an action with nothing else to say (logout). */
export const Ok = Type.Object({ ok: Type.Literal(true) });
export type Ok = Static<typeof Ok>;

export const Count = Type.Object({ count: Type.Integer({ minimum: 0 }) });
export type Count = Static<typeof Count>;

/** docs/product.md#entities "Price": price and originalPrice, each with a price field; differing means discount. */
export const PriceAmount = Type.Object({ price: Money });
export type PriceAmount = Static<typeof PriceAmount>;
/** A service added automatically with an item (the blood draw): charged once per order, not per item. */
export const AdditionalCharge = Type.Object({
  id: Id,
  code: Type.String(),
  title: Type.String(),
  price: Money,
  originalPrice: Money,
});
export type AdditionalCharge = Static<typeof AdditionalCharge>;
/**
 * `additional`: the services a cart holding only this service adds automatically and their sum;
 * `total`: what that cart costs (the price plus the additional sum, before the online or promo
 * discount). The server always sends both; an older server's answer lacks them.
 */
export const ServicePrice = Type.Object({
  price: PriceAmount,
  originalPrice: PriceAmount,
  additional: Type.Optional(Type.Object({ price: Money, services: Type.Array(AdditionalCharge) })),
  total: Type.Optional(Type.Object({ price: PriceAmount, originalPrice: PriceAmount })),
});
export type ServicePrice = Static<typeof ServicePrice>;

/** The display form of a price (search results): discount when the two amounts differ. */
export const PriceType = Type.Union([Type.Literal('discount'), Type.Literal('other')]);
export type PriceType = Static<typeof PriceType>;
/** `additional`: the sum of the services added automatically (the blood draw), when any. */
export const DisplayPrice = Type.Object({
  type: PriceType,
  price: Money,
  fullPrice: Money,
  additional: Type.Optional(Money),
});
export type DisplayPrice = Static<typeof DisplayPrice>;

/** Some analyses are for men only or women only (docs/product.md#entities). */
export const GenderRestriction = Nullable(Type.Union([Type.Literal('male'), Type.Literal('female')]));
export type GenderRestriction = Static<typeof GenderRestriction>;

/** Names in person records shown to the user: letters, spaces, apostrophes, hyphens; never digits. */
export const PersonName = Type.String({ minLength: 1, maxLength: 100, pattern: '^[^0-9]+$' });

/** A person as other entities reference them (order patient, referring doctor). */
export const PersonRef = Type.Object({
  id: Id,
  firstName: Type.String(),
  lastName: Type.String(),
  middleName: Nullable(Type.String()),
});
export type PersonRef = Static<typeof PersonRef>;

export const Role = Type.Union([Type.Literal('patient'), Type.Literal('doctor')]);
export type Role = Static<typeof Role>;
