/** Orders, checkout and payment: docs/product.md#entities "Order", "Home-visit form"; docs/product.md#orders order display states. */
import { type Static, Type } from '@sinclair/typebox';
import { Body, DateString, DateTimeString, Id, Money, Nullable, PersonRef, Uuid } from './common';

/** Payment providers are not named by the product, so the two online ones are numbered. */
export const PaymentType = Type.Union([
  Type.Literal('online'),
  Type.Literal('cash'),
  Type.Literal('card'),
  Type.Literal('bank'),
  Type.Literal('online-provider-1'),
  Type.Literal('online-provider-2'),
]);
export type PaymentType = Static<typeof PaymentType>;

/**
 * What the account shows for an order; the server derives it from its internal statuses. An order paid
 * on the spot with a home visit is paid to the nurse, not at a branch: `waiting-for-nurse` and
 * `paid-to-nurse` (added in 0.1.3) where a branch order has `waiting-at-branch` and `paid-at-branch`.
 */
export const OrderDisplayState = Type.Union([
  Type.Literal('waiting-at-branch'),
  Type.Literal('waiting-for-nurse'),
  Type.Literal('awaiting-results'),
  Type.Literal('results-ready'),
  Type.Literal('paid'),
  Type.Literal('paid-at-branch'),
  Type.Literal('paid-to-nurse'),
  Type.Literal('payment-pending'),
  Type.Literal('payment-failed'),
]);
export type OrderDisplayState = Static<typeof OrderDisplayState>;

const Time = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });
const ShortText = (maxLength: number) => Type.String({ maxLength, pattern: '^[^<>]*$' });

/** A nurse's home visit (docs/product.md#entities "Home-visit form"). */
export const HomeVisit = Type.Object(
  {
    street: Type.String({ minLength: 1, maxLength: 200, pattern: '^[^<>]*$' }),
    house: Type.String({ minLength: 1, maxLength: 20, pattern: '^[^<>]*$' }),
    apartment: Type.Optional(Nullable(ShortText(20))),
    entrance: Type.Optional(Nullable(ShortText(20))),
    floor: Type.Optional(Nullable(ShortText(20))),
    arrivalDate: DateString,
    /** Approximate arrival time HH:mm. */
    arrivalTime: Time,
    comment: Type.Optional(Nullable(ShortText(1000))),
  },
  { additionalProperties: false },
);
export type HomeVisit = Static<typeof HomeVisit>;

export const UtmParameters = Type.Object(
  {
    source: Type.Optional(ShortText(200)),
    medium: Type.Optional(ShortText(200)),
    campaign: Type.Optional(ShortText(200)),
    term: Type.Optional(ShortText(200)),
  },
  { additionalProperties: false },
);
export type UtmParameters = Static<typeof UtmParameters>;

/** Optional at checkout, by code or by full name. */
export const ReferringDoctorInput = Type.Object(
  { code: Type.Optional(ShortText(50)), fullName: Type.Optional(ShortText(200)) },
  { additionalProperties: false, minProperties: 1 },
);
export type ReferringDoctorInput = Static<typeof ReferringDoctorInput>;

/**
 * POST /order/orders. `orderId` is a client-generated UUID, so a retried submit cannot place two
 * orders; the items are the signed-in user's cart in `settlementId`.
 */
export const OrderCreateBody = Body({
  orderId: Uuid,
  settlementId: Id,
  /** The owner or one of the wards. */
  patientId: Id,
  visit: Type.Union([Type.Literal('branch'), Type.Literal('home')]),
  branchId: Nullable(Id),
  homeVisit: Nullable(HomeVisit),
  paymentType: PaymentType,
  doctor: Nullable(ReferringDoctorInput),
  promoCode: Nullable(Type.String({ minLength: 1, maxLength: 50 })),
  acceptContract: Type.Literal(true),
  acceptPersonalData: Type.Literal(true),
  utmParameters: Nullable(UtmParameters),
});
export type OrderCreateBody = Static<typeof OrderCreateBody>;

export const OrderItem = Type.Object({
  serviceId: Id,
  code: Type.String(),
  title: Type.String(),
  price: Money,
  originalPrice: Money,
});
export type OrderItem = Static<typeof OrderItem>;

export const OrderBranch = Type.Object({
  id: Id,
  title: Type.String(),
  address: Type.String(),
  /** The title of the branch's city (settlement), in the request's language: a patient's orders may span cities. */
  city: Type.String(),
});
export type OrderBranch = Static<typeof OrderBranch>;

export const ReferringDoctor = Type.Object({
  id: Nullable(Id),
  fullName: Type.String(),
  code: Nullable(Type.String()),
});
export type ReferringDoctor = Static<typeof ReferringDoctor>;

/** The order as the account lists and shows it (docs/product.md#entities "Order"). */
export const Order = Type.Object({
  id: Uuid,
  /** The lab registry made for the order; null until registered. */
  registryId: Nullable(Id),
  number: Type.String(),
  createdAt: DateTimeString,
  state: OrderDisplayState,
  patient: PersonRef,
  branch: Nullable(OrderBranch),
  homeVisit: Nullable(HomeVisit),
  items: Type.Array(OrderItem),
  additionalServices: Type.Array(OrderItem),
  totalPrice: Money,
  onlineDiscount: Money,
  promoDiscount: Money,
  otherDiscounts: Money,
  homeVisitCost: Money,
  paymentType: PaymentType,
  doctor: Nullable(ReferringDoctor),
  /** When results were (or are expected to be) ready. */
  resultsFetchDate: Nullable(DateTimeString),
  /**
   * The day the results are expected (no time of day): the plan's `results.expectedDate`, computed by
   * the server once for both. Added in 0.1.3: the server always sends it; an older server's answer lacks it.
   */
  resultsExpectedDate: Type.Optional(DateString),
  /**
   * How many of the order's indicators the laboratory has reported (`received`) of how many it will
   * (`expected`); null until the order is registered. Partial results: 0 < received < expected.
   */
  resultsProgress: Nullable(
    Type.Object({ received: Type.Integer({ minimum: 0 }), expected: Type.Integer({ minimum: 0 }) }),
  ),
  /** The successful online payment's id, for its receipt (GET .../receipt/{id}/pdf/base64). */
  receiptId: Nullable(Type.String()),
});
export type Order = Static<typeof Order>;

// ---- registry (the order as registered by the lab) and payment

export const RegistryCreateBody = Body({ orderId: Uuid });
export type RegistryCreateBody = Static<typeof RegistryCreateBody>;
export const RegistryCreateResponse = Type.Object({ id: Id });
export type RegistryCreateResponse = Static<typeof RegistryCreateResponse>;

export const PaymentQuery = Type.Object({ clientType: Type.Literal('site') });
export type PaymentQuery = Static<typeof PaymentQuery>;
export const PaymentBody = Body({
  registryId: Id,
  discountCode: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
});
export type PaymentBody = Static<typeof PaymentBody>;

/** Where to send the browser to pay (the provider's hosted page). */
export const PaymentResponse = Type.Object({ paymentId: Type.String(), url: Type.String(), amount: Money });
export type PaymentResponse = Static<typeof PaymentResponse>;

/** After a failed payment the order stays placed: pay again, or switch to paying at the branch. */
export const PaymentMethodBody = Body({ registryId: Id, paymentType: PaymentType });
export type PaymentMethodBody = Static<typeof PaymentMethodBody>;

export const OrderParams = Type.Object({ orderId: Uuid });
export type OrderParams = Static<typeof OrderParams>;

// ---- home visits

/** Free arrival times of a nurse on a day (docs/product.md#validation: "no hours available" when none is free). */
export const HomeVisitSlotsQuery = Type.Object({ settlementId: Id, date: DateString });
export type HomeVisitSlotsQuery = Static<typeof HomeVisitSlotsQuery>;
export const HomeVisitSlot = Type.Object({
  /** HH:mm, the approximate arrival time. */
  time: Time,
  /** Visits still free at that time. */
  available: Type.Integer({ minimum: 0 }),
});
export type HomeVisitSlot = Static<typeof HomeVisitSlot>;
export const HomeVisitSlotsResponse = Type.Object({
  date: DateString,
  /** The visit's price in hryvnia. */
  cost: Money,
  /** Every arrival time of the day (none on Sundays); `available` 0 means taken. */
  slots: Type.Array(HomeVisitSlot),
});
export type HomeVisitSlotsResponse = Static<typeof HomeVisitSlotsResponse>;

/**
 * Where a nurse comes and on which terms (one source for the /home-visit page, checkout and the order):
 * the settlements with visits and the visit's price in each (within the settlement, whatever the number
 * of analyses and people at one address), the arrival times by ISO weekday (1 Monday .. 7 Sunday; a
 * day missing has none), how far ahead a visit can be booked and how soon on the same day.
 */
export const HomeVisitTermsResponse = Type.Object({
  settlements: Type.Array(Type.Object({ settlementId: Id, title: Type.String(), price: Money })),
  days: Type.Array(
    Type.Object({ weekday: Type.Integer({ minimum: 1, maximum: 7 }), firstArrival: Time, lastArrival: Time }),
  ),
  bookingDaysAhead: Type.Integer({ minimum: 0 }),
  sameDayLeadMinutes: Type.Integer({ minimum: 0 }),
});
export type HomeVisitTermsResponse = Static<typeof HomeVisitTermsResponse>;

export const ReceiptParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export type ReceiptParams = Static<typeof ReceiptParams>;
/** The fiscal receipt PDF, base64-encoded. */
export const ReceiptResponse = Type.Object({ fileName: Type.String(), base64: Type.String() });
export type ReceiptResponse = Static<typeof ReceiptResponse>;
