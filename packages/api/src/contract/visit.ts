/**
 * What a patient needs to plan an order's visit (docs/product.md#entities "Branch", "Service info: preparation",
 * "Order"): where (the branch with its hours and status), when (a home visit's date and time), how to
 * prepare (one memo for the whole order) and when results are expected.
 */
import { type Static, Type } from '@sinclair/typebox';
import { DateString, Id, Nullable } from './common';
import { BranchServices, BranchStatus, ScheduleDay } from './settlements';

export const PlanBranch = Type.Object({
  id: Id,
  title: Type.String(),
  address: Type.String(),
  phone: Nullable(Type.String()),
  schedule: Type.Array(ScheduleDay, { maxItems: 7 }),
  services: BranchServices,
  /** Now, Kyiv time (the server's clock). */
  status: BranchStatus,
});
export type PlanBranch = Static<typeof PlanBranch>;

/** One preparation text and the analyses that ask for it. */
export const PreparationNote = Type.Object({
  text: Type.String({ minLength: 1 }),
  services: Type.Array(Type.String()),
  /** Hours without food this text asks for; null when it sets no fasting rule. */
  fastingHours: Nullable(Type.Integer({ minimum: 0 })),
});
export type PreparationNote = Static<typeof PreparationNote>;

export const OrderPlan = Type.Object({
  branch: Nullable(PlanBranch),
  /** A home visit's arrival (Kyiv date and approximate time). */
  visit: Nullable(Type.Object({ date: DateString, time: Type.String() })),
  preparation: Type.Object({
    /** The strictest fasting rule of the order's analyses, hours; null when none asks to fast. */
    fastingHours: Nullable(Type.Integer({ minimum: 0 })),
    /** Distinct texts, the strictest fasting rule's first; a plain fasting rule a stricter one covers is left out. */
    notes: Type.Array(PreparationNote),
  }),
  results: Type.Object({
    /** The longest turnaround of the order's analyses, working days after the sample is taken. */
    workingDays: Type.Integer({ minimum: 0 }),
    /** The sample's day (the visit's, or the order's) plus those working days. */
    expectedDate: DateString,
  }),
});
export type OrderPlan = Static<typeof OrderPlan>;
