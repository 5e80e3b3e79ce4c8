/**
 * An order's plan (GET /order/orders/{id}/plan): where (its branch with hours and status now), when
 * (a home visit's day and time), how to prepare (one memo from its analyses' preparation texts) and
 * when the results are expected (the longest turnaround, in working days from the sample's day).
 */
import type { OrderPlan, PreparationNote } from '@lab/api/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors';
import type { Locale } from '../i18n/messages';
import { type BranchRow, branchColumns, toBranch } from '../repositories/settlements';
import { localized } from '../repositories/sql';
import { fitText, type MemoReader } from './memo-sentences';
import { expectedResultsDay } from './results-date';

/** One analysis of the order as its preparation and turnaround say. */
export interface PlanItem {
  title: string;
  preparation: string | null;
  fastingHours: number | null;
  fastingRuleOnly: boolean;
}

/**
 * One memo for the whole order: the distinct texts, the strictest fasting rule's first (the sample is
 * taken once, so the longest fast is the one that counts); a plain fasting rule weaker than that is
 * left out, as is "no preparation needed" when something else is asked.
 */
export function preparationMemo(
  items: readonly PlanItem[],
  reader: MemoReader = { sex: null, homeVisit: false },
): OrderPlan['preparation'] {
  const strictest = items.reduce<number | null>(
    (most, item) => (item.fastingHours === null ? most : Math.max(most ?? 0, item.fastingHours)),
    null,
  );
  const byText = new Map<string, PreparationNote & { ruleOnly: boolean; order: number }>();
  items.forEach((item, order) => {
    // only what holds for this order: its patient's sex, where its sample is taken (memo-sentences.ts)
    const text = item.preparation ? fitText(item.preparation, reader) : '';
    if (!text) return;
    const note = byText.get(text);
    if (note) {
      if (!note.services.includes(item.title)) note.services.push(item.title);
      note.fastingHours = Math.max(note.fastingHours ?? 0, item.fastingHours ?? 0);
      note.ruleOnly &&= item.fastingRuleOnly;
      return;
    }
    byText.set(text, {
      text,
      services: [item.title],
      fastingHours: item.fastingHours,
      ruleOnly: item.fastingRuleOnly,
      order,
    });
  });
  const notes = [...byText.values()];
  const asked = notes.some((note) => !(note.ruleOnly && (note.fastingHours ?? 0) === 0));
  const kept = notes.filter((note) => {
    if (!note.ruleOnly) return true;
    const hours = note.fastingHours ?? 0;
    if (hours === 0) return !asked;
    return hours >= (strictest ?? 0);
  });
  kept.sort((a, b) => (b.fastingHours ?? -1) - (a.fastingHours ?? -1) || a.order - b.order);
  return {
    fastingHours: strictest === null || strictest === 0 ? null : strictest,
    notes: kept.map(({ text, services, fastingHours }) => ({ text, services, fastingHours })),
  };
}

export { addWorkingDays } from './results-date';

interface PlanOrderRow {
  userId: number;
  createdAt: string;
  arrivalDate: string | null;
  arrivalTime: string | null;
  branchId: number | null;
  sex: 'male' | 'female' | null;
}

/** The plan of the user's own order; 404 for anyone else's (no hint that it exists). */
export async function orderPlan(
  app: FastifyInstance,
  userId: number,
  orderId: string,
  locale: Locale,
): Promise<OrderPlan> {
  const order = await app.db.maybeOne<PlanOrderRow>(
    `SELECT o.user_id AS "userId", o.created_at AS "createdAt", o.home_arrival_date AS "arrivalDate",
            o.home_arrival_time AS "arrivalTime", o.branch_id AS "branchId", g.code AS sex
       FROM orders o JOIN patients p ON p.id = o.patient_id LEFT JOIN genders g ON g.id = p.gender_id
      WHERE o.id = $1`,
    [orderId],
  );
  if (!order || order.userId !== userId) throw notFound('order-not-found');
  const items = await app.db.query<PlanItem & { turnaroundDays: number }>(
    `SELECT ${localized('i.title', locale)} AS title, ${localized('s.preparation', locale)} AS preparation,
            s.fasting_hours AS "fastingHours", s.fasting_rule_only AS "fastingRuleOnly",
            s.turnaround_days AS "turnaroundDays"
       FROM order_items i JOIN services s ON s.id = i.service_id
      WHERE i.order_id = $1 AND NOT i.additional
      ORDER BY i.sort_order, i.service_id`,
    [orderId],
  );
  const branch =
    order.branchId === null
      ? null
      : await app.db.maybeOne<BranchRow>(`SELECT ${branchColumns(locale)} FROM branches b WHERE b.id = $1`, [
          order.branchId,
        ]);
  const now = app.clock();
  const card = branch ? toBranch(branch, now) : null;
  const workingDays = items.reduce((most, item) => Math.max(most, item.turnaroundDays), 0);
  return {
    branch: card && {
      id: card.id,
      title: card.title,
      address: card.address,
      phone: card.phone,
      schedule: card.schedule,
      services: card.services,
      status: card.status,
    },
    visit:
      order.arrivalDate !== null && order.arrivalTime !== null
        ? { date: order.arrivalDate, time: order.arrivalTime }
        : null,
    preparation: preparationMemo(items, { sex: order.sex, homeVisit: order.arrivalDate !== null }),
    results: { workingDays, expectedDate: expectedResultsDay(order, workingDays) },
  };
}
