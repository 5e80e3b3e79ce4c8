/**
 * Orders: the user's cart lines as an order's lines, the order row (idempotent by its client-generated
 * id), its registry, home-visit slot bookings, and the order as the account shows it (docs/product.md#entities
 * "Order"). Who may see an order is decided by the `scope` of each read.
 */
import type { HomeVisit, Order, OrderItem, PaymentType } from '@lab/api/contract';
import type { Queryable, SqlValue } from '../db/database';
import { type Clock, kyivInstant } from '../domain/kyiv-time';
import { resultsProgress } from '../domain/lab-results';
import type { OrderTotals, PricedLine } from '../domain/order-pricing';
import { displayState, type LabStatus, type PaymentStatus } from '../domain/order-state';
import { expectedResultsDay } from '../domain/results-date';
import type { Locale } from '../i18n/messages';
import { promoAppliesSql } from './discounts';
import { fullNameSql, nameColumns } from './people';
import { sharedWithDoctorSql } from './shares';
import { localized, type PageOf, pageOf, pageOffset } from './sql';
import { SqlParams } from './sql-params';

export interface CartLine {
  serviceId: number;
  code: string;
  titleUk: string;
  titleRu: string;
  gender: 'male' | 'female' | null;
  /** Orderable: enabled, and an item (not a line brought along) also shown on the site. */
  enabled: boolean;
  /** null: not offered in the settlement. */
  price: number | null;
  fullPrice: number | null;
  /** Brought along by another line (the blood draw), not in the cart itself. */
  additional: boolean;
  turnaroundDays: number;
  /** The order's promo code takes its discount off this line (its scope: promo_code_groups). */
  promoApplies: boolean;
}

export interface NewOrder {
  id: string;
  userId: number;
  patientId: number;
  settlementId: number;
  visit: 'branch' | 'home';
  branchId: number | null;
  homeVisit: HomeVisit | null;
  paymentType: PaymentType;
  doctor: { id: number | null; workplaceId: number | null; code: string | null; fullName: string | null } | null;
  promo: { id: number; code: string; fraction: number; withSales: boolean } | null;
  onlineFraction: number;
  utm: { source?: string; medium?: string; campaign?: string; term?: string } | null;
  onSite?: boolean;
  createdAt?: string;
}

/** Whose orders a read may see: a patient's own (and their wards'), or a doctor's referrals. */
export type OrderScope =
  | { readonly userId: number; readonly doctorId?: number | null }
  | { readonly doctorId: number; readonly userId?: undefined };

export interface OrderListFilter {
  readonly page: number;
  readonly size: number;
  readonly onSite?: boolean;
  readonly dateFrom?: string;
  readonly dateTo?: string;
  readonly query?: string;
  readonly serviceIds?: readonly number[];
}

export interface OrderFactsRow {
  id: string;
  userId: number;
  number: string;
  registryId: number | null;
  paymentType: PaymentType;
  labStatus: LabStatus;
  paidAt: string | null;
  paidAtBranchAt: string | null;
  totalPrice: number;
  promoFraction: number | null;
  onlineFraction: number;
  homeVisitCost: number;
  createdAt: string;
}

type OrderRow = {
  id: string;
  registryId: number | null;
  number: string;
  createdAt: string;
  labStatus: LabStatus;
  paymentType: PaymentType;
  paidAt: string | null;
  paidAtBranchAt: string | null;
  lastPaymentStatus: PaymentStatus | null;
  receiptId: string | null;
  patientId: number;
  firstName: string;
  lastName: string;
  middleName: string | null;
  branchId: number | null;
  branchTitle: string | null;
  branchAddress: string | null;
  branchCity: string | null;
  street: string | null;
  house: string | null;
  apartment: string | null;
  entrance: string | null;
  floor: string | null;
  arrivalDate: string | null;
  arrivalTime: string | null;
  comment: string | null;
  totalPrice: number;
  onlineDiscount: number;
  promoDiscount: number;
  otherDiscounts: number;
  homeVisitCost: number;
  doctorId: number | null;
  doctorName: string | null;
  doctorCode: string | null;
  resultsFetchDate: string | null;
  /** The longest turnaround of the order's analyses, in working days. */
  turnaroundDays: number;
};

type ItemRow = OrderItem & { orderId: string; additional: boolean };

/**
 * `%text%` for ILIKE, with the pattern characters of the user's text escaped and control characters read
 * as spaces (like the search; a NUL cannot even be sent to PostgreSQL).
 */
export function containsPattern(text: string): string {
  return `%${text
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function nextDay(date: string): string {
  const instant = new Date(`${date}T12:00:00Z`);
  instant.setUTCDate(instant.getUTCDate() + 1);
  return instant.toISOString().slice(0, 10);
}

export function createOrdersRepository(db: Queryable, clock: Clock) {
  const now = () => clock().toISOString();

  function orderSelect(locale: Locale): string {
    return `SELECT o.id, r.id AS "registryId", o.number, o.created_at AS "createdAt", o.lab_status AS "labStatus",
        o.payment_type AS "paymentType", o.paid_at AS "paidAt", o.paid_at_branch_at AS "paidAtBranchAt",
        (SELECT p.status FROM payments p WHERE p.order_id = o.id AND p.status <> 'cancelled'
          ORDER BY p.seq DESC LIMIT 1) AS "lastPaymentStatus",
        (SELECT p.id::text FROM payments p WHERE p.order_id = o.id AND p.status = 'succeeded' LIMIT 1) AS "receiptId",
        pt.id AS "patientId", ${nameColumns('pt', locale)},
        b.id AS "branchId", ${localized('b.title', locale)} AS "branchTitle", ${localized('b.address', locale)} AS "branchAddress",
        ${localized('bs.title', locale)} AS "branchCity",
        o.home_street AS street, o.home_house AS house, o.home_apartment AS apartment, o.home_entrance AS entrance,
        o.home_floor AS floor, o.home_arrival_date AS "arrivalDate", o.home_arrival_time AS "arrivalTime",
        o.home_comment AS comment,
        o.total_price AS "totalPrice", o.online_discount AS "onlineDiscount", o.promo_discount AS "promoDiscount",
        o.other_discounts AS "otherDiscounts", o.home_visit_cost AS "homeVisitCost",
        o.doctor_id AS "doctorId",
        CASE WHEN d.id IS NOT NULL THEN ${fullNameSql('d', locale)} ELSE o.doctor_full_name END AS "doctorName",
        o.doctor_code AS "doctorCode",
        coalesce(o.results_ready_at, o.results_expected_at) AS "resultsFetchDate",
        (SELECT coalesce(max(s.turnaround_days), 0) FROM order_items i JOIN services s ON s.id = i.service_id
          WHERE i.order_id = o.id AND NOT i.additional)::int AS "turnaroundDays"
      FROM orders o
      JOIN patients pt ON pt.id = o.patient_id
      LEFT JOIN branches b ON b.id = o.branch_id
      LEFT JOIN settlements bs ON bs.id = b.settlement_id
      LEFT JOIN doctors d ON d.id = o.doctor_id
      LEFT JOIN registries r ON r.order_id = o.id`;
  }

  async function itemsOf(ids: readonly string[], locale: Locale): Promise<Map<string, ItemRow[]>> {
    const rows =
      ids.length === 0
        ? []
        : await db.query<ItemRow>(
            `SELECT i.order_id AS "orderId", i.service_id AS "serviceId", i.code, ${localized('i.title', locale)} AS title,
                    i.price, i.original_price AS "originalPrice", i.additional
               FROM order_items i WHERE i.order_id = ANY($1::uuid[])
              ORDER BY i.order_id, i.additional, i.sort_order, i.service_id`,
            [ids],
          );
    const byOrder = new Map<string, ItemRow[]>();
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    return byOrder;
  }

  function toOrder(
    row: OrderRow,
    items: readonly ItemRow[],
    progress: { received: number; expected: number } | null,
  ): Order {
    const item = ({ serviceId, code, title, price, originalPrice }: ItemRow): OrderItem => ({
      serviceId,
      code,
      title,
      price,
      originalPrice,
    });
    const homeVisit: HomeVisit | null =
      row.arrivalDate !== null && row.arrivalTime !== null && row.street !== null && row.house !== null
        ? {
            street: row.street,
            house: row.house,
            apartment: row.apartment,
            entrance: row.entrance,
            floor: row.floor,
            arrivalDate: row.arrivalDate,
            arrivalTime: row.arrivalTime,
            comment: row.comment,
          }
        : null;
    return {
      id: row.id,
      registryId: row.registryId,
      number: row.number,
      createdAt: row.createdAt,
      state: displayState({ ...row, homeVisit: row.arrivalDate !== null }),
      patient: { id: row.patientId, firstName: row.firstName, lastName: row.lastName, middleName: row.middleName },
      branch:
        row.branchId === null
          ? null
          : {
              id: row.branchId,
              title: row.branchTitle ?? '',
              address: row.branchAddress ?? '',
              city: row.branchCity ?? '',
            },
      homeVisit,
      items: items.filter((line) => !line.additional).map(item),
      additionalServices: items.filter((line) => line.additional).map(item),
      totalPrice: row.totalPrice,
      onlineDiscount: row.onlineDiscount,
      promoDiscount: row.promoDiscount,
      otherDiscounts: row.otherDiscounts,
      homeVisitCost: row.homeVisitCost,
      paymentType: row.paymentType,
      doctor: row.doctorName === null ? null : { id: row.doctorId, fullName: row.doctorName, code: row.doctorCode },
      resultsFetchDate: row.resultsFetchDate,
      resultsExpectedDate: expectedResultsDay(row, row.turnaroundDays),
      resultsProgress: progress,
      receiptId: row.receiptId,
    };
  }

  function scopeCondition(scope: OrderScope, p: SqlParams, shared = false): string {
    const parts: string[] = [];
    if (scope.userId !== undefined) parts.push(`o.user_id = ${p.add(scope.userId)}`);
    if (scope.doctorId !== undefined && scope.doctorId !== null) {
      parts.push(`o.doctor_id = ${p.add(scope.doctorId)}`);
      // one order's reads (the results PDF in the doctor's view) also reach the orders shared with them
      if (shared) parts.push(sharedWithDoctorSql(scope.doctorId, clock(), p));
    }
    return parts.length === 0 ? 'false' : `(${parts.join(' OR ')})`;
  }

  const repo = {
    /** The user's cart lines priced in a settlement, plus the services they bring along. */
    async cartLines(userId: number, settlementId: number, promoCodeId: number | null = null): Promise<CartLine[]> {
      return db.query<CartLine>(
        `WITH cart_lines AS (
           SELECT ci.service_id, ci.added_at FROM carts c JOIN cart_items ci ON ci.cart_id = c.id WHERE c.user_id = $1
         ), brought AS (
           SELECT DISTINCT a.additional_service_id AS service_id FROM cart_lines l
             JOIN additional_services a ON a.service_id = l.service_id
            WHERE a.additional_service_id NOT IN (SELECT service_id FROM cart_lines)
         ), lines AS (
           SELECT service_id, false AS additional, added_at FROM cart_lines
           UNION ALL SELECT service_id, true, NULL FROM brought
         )
         SELECT s.id AS "serviceId", s.code, s.title_uk AS "titleUk", s.title_ru AS "titleRu", s.gender,
                -- as the cart answers it: an item hidden from the site is not orderable either
                (s.enabled AND (l.additional OR s.show_on_site)) AS enabled,
                sp.price, sp.full_price AS "fullPrice", l.additional, s.turnaround_days AS "turnaroundDays",
                ${promoAppliesSql('$3::int', 's.id')} AS "promoApplies"
           FROM lines l JOIN services s ON s.id = l.service_id
           LEFT JOIN service_prices sp ON sp.service_id = s.id AND sp.settlement_id = $2
          ORDER BY l.additional, l.added_at, s.id`,
        [userId, settlementId, promoCodeId],
      );
    },

    /** Locks the user's cart row for the unit of work; answers its promo code id. */
    async lockCart(userId: number): Promise<{ id: string; promoCodeId: number | null } | null> {
      return db.maybeOne('SELECT id, promo_code_id AS "promoCodeId" FROM carts WHERE user_id = $1 FOR UPDATE', [
        userId,
      ]);
    },

    async emptyCart(cartId: string): Promise<void> {
      await db.query('DELETE FROM cart_items WHERE cart_id = $1', [cartId]);
      await db.query('UPDATE carts SET promo_code_id = NULL, updated_at = now() WHERE id = $1', [cartId]);
    },

    /** Inserts the order row unless its id exists; true when this call created it. */
    async insert(order: NewOrder): Promise<boolean> {
      const home = order.homeVisit;
      const row = await db.maybeOne(
        `INSERT INTO orders (id, user_id, patient_id, settlement_id, visit, branch_id, home_street, home_house,
            home_apartment, home_entrance, home_floor, home_arrival_date, home_arrival_time, home_comment, payment_type,
            doctor_id, doctor_workplace_id, doctor_code, doctor_full_name, promo_code_id, promo_code, promo_fraction,
            online_fraction, utm_source, utm_medium, utm_campaign, utm_term, on_site, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::date, $13, $14, $15, $16, $17, $18, $19, $20, $21,
                 $22, $23, $24, $25, $26, $27, $28, $29::timestamptz)
         ON CONFLICT (id) DO NOTHING
         RETURNING 1`,
        [
          order.id,
          order.userId,
          order.patientId,
          order.settlementId,
          order.visit,
          order.branchId,
          home?.street ?? null,
          home?.house ?? null,
          home?.apartment ?? null,
          home?.entrance ?? null,
          home?.floor ?? null,
          home?.arrivalDate ?? null,
          home?.arrivalTime ?? null,
          home?.comment ?? null,
          order.paymentType,
          order.doctor?.id ?? null,
          order.doctor?.workplaceId ?? null,
          order.doctor?.code ?? null,
          order.doctor?.fullName ?? null,
          order.promo?.id ?? null,
          order.promo?.code ?? null,
          order.promo?.fraction ?? null,
          order.onlineFraction,
          order.utm?.source ?? null,
          order.utm?.medium ?? null,
          order.utm?.campaign ?? null,
          order.utm?.term ?? null,
          order.onSite ?? true,
          order.createdAt ?? now(),
        ],
      );
      return row !== null;
    },

    async insertItems(orderId: string, lines: readonly CartLine[], priced: readonly PricedLine[]): Promise<void> {
      if (lines.length === 0) return;
      const p = new SqlParams();
      const values = lines.map((line, index) => {
        const price = priced[index];
        if (!price) throw new Error('a priced line per cart line');
        const cells: SqlValue[] = [
          orderId,
          line.serviceId,
          line.additional,
          line.code,
          line.titleUk,
          line.titleRu,
          price.price,
          price.initialPrice,
          price.originalPrice,
          index,
        ];
        return `(${cells.map((cell) => p.add(cell)).join(', ')})`;
      });
      await db.query(
        `INSERT INTO order_items (order_id, service_id, additional, code, title_uk, title_ru, price, initial_price,
                                  original_price, sort_order)
         VALUES ${values.join(', ')}`,
        p.values,
      );
    },

    /** Writes the totals (and each line's price) of an order. */
    async setTotals(orderId: string, totals: OrderTotals, serviceIds: readonly number[]): Promise<void> {
      await db.query(
        `UPDATE orders SET subtotal = $2, online_discount = $3, promo_discount = $4, other_discounts = $5,
                home_visit_cost = $6, total_price = $7, updated_at = now()
          WHERE id = $1`,
        [
          orderId,
          totals.subtotal,
          totals.onlineDiscount,
          totals.promoDiscount,
          totals.otherDiscounts,
          totals.homeVisitCost,
          totals.totalPrice,
        ],
      );
      if (serviceIds.length > 0) {
        await db.query(
          `UPDATE order_items i SET price = v.price
             FROM unnest($2::int[], $3::numeric[]) AS v(service_id, price)
            WHERE i.order_id = $1 AND i.service_id = v.service_id`,
          [orderId, serviceIds, totals.lines.map((line) => line.price)],
        );
      }
    },

    /** The lines of an order as priced inputs (for repricing an unpaid order). */
    /** Whether the promo code the order holds now is taken off sale prices (true without a code). */
    async promoWithSales(orderId: string): Promise<boolean> {
      const row = await db.maybeOne<{ withSales: boolean | null }>(
        `SELECT p.with_sales AS "withSales" FROM orders o LEFT JOIN promo_codes p ON p.id = o.promo_code_id
          WHERE o.id = $1`,
        [orderId],
      );
      return row?.withSales ?? true;
    },

    /** The order's lines for repricing; promoApplies by the scope of the promo code the order holds now. */
    async pricedInputs(
      orderId: string,
    ): Promise<Array<{ serviceId: number; price: number; fullPrice: number; promoApplies: boolean }>> {
      return db.query(
        `SELECT i.service_id AS "serviceId", i.initial_price AS price, i.original_price AS "fullPrice",
                ${promoAppliesSql('o.promo_code_id', 'i.service_id')} AS "promoApplies"
           FROM order_items i JOIN orders o ON o.id = i.order_id
          WHERE i.order_id = $1 ORDER BY i.additional, i.sort_order, i.service_id`,
        [orderId],
      );
    },

    async setPaymentTerms(
      orderId: string,
      terms: {
        paymentType: PaymentType;
        onlineFraction: number;
        promo?: { id: number; code: string; fraction: number };
      },
    ): Promise<void> {
      await db.query(
        `UPDATE orders SET payment_type = $2, online_fraction = $3,
                promo_code_id = coalesce($4, promo_code_id), promo_code = coalesce($5, promo_code),
                promo_fraction = coalesce($6, promo_fraction), updated_at = now()
          WHERE id = $1`,
        [
          orderId,
          terms.paymentType,
          terms.onlineFraction,
          terms.promo?.id ?? null,
          terms.promo?.code ?? null,
          terms.promo?.fraction ?? null,
        ],
      );
    },

    /** Books a nurse's arrival time; false when it is taken. */
    async bookSlot(settlementId: number, date: string, time: string, capacity: number): Promise<boolean> {
      const row = await db.maybeOne(
        `INSERT INTO home_visit_slots AS s (settlement_id, visit_date, visit_time, capacity, booked)
         SELECT $1, $2::date, $3, $4, 1 WHERE $4 > 0
         ON CONFLICT (settlement_id, visit_date, visit_time) DO UPDATE SET booked = s.booked + 1
          WHERE s.booked < s.capacity
         RETURNING 1`,
        [settlementId, date, time, capacity],
      );
      return row !== null;
    },

    async bookedSlots(settlementId: number, date: string): Promise<Map<string, { capacity: number; booked: number }>> {
      const rows = await db.query<{ time: string; capacity: number; booked: number }>(
        `SELECT visit_time AS time, capacity, booked FROM home_visit_slots WHERE settlement_id = $1 AND visit_date = $2::date`,
        [settlementId, date],
      );
      return new Map(rows.map((row) => [row.time, { capacity: row.capacity, booked: row.booked }]));
    },

    /**
     * Locks the order row for a payment action (start, settle, change of method), so that these run one
     * at a time per order and always take the order's lock before any payment row's; answers what the
     * action must re-check under the lock.
     */
    async lockForPayment(
      orderId: string,
    ): Promise<{ paid: boolean; paymentType: PaymentType; totalPrice: number } | null> {
      return db.maybeOne(
        `SELECT (paid_at IS NOT NULL OR paid_at_branch_at IS NOT NULL) AS paid, payment_type AS "paymentType",
                total_price AS "totalPrice"
           FROM orders WHERE id = $1 FOR UPDATE`,
        [orderId],
      );
    },

    /** The facts of an order for its owner's actions (payment, registry), or null. */
    async facts(where: { orderId: string } | { registryId: number }): Promise<OrderFactsRow | null> {
      const [condition, value] = 'orderId' in where ? ['o.id = $1', where.orderId] : ['r.id = $1', where.registryId];
      return db.maybeOne<OrderFactsRow>(
        `SELECT o.id, o.user_id AS "userId", o.number, r.id AS "registryId", o.payment_type AS "paymentType",
                o.lab_status AS "labStatus", o.paid_at AS "paidAt", o.paid_at_branch_at AS "paidAtBranchAt",
                o.total_price AS "totalPrice", o.promo_fraction AS "promoFraction",
                o.online_fraction AS "onlineFraction", o.home_visit_cost AS "homeVisitCost", o.created_at AS "createdAt"
           FROM orders o LEFT JOIN registries r ON r.order_id = o.id WHERE ${condition}`,
        [value],
      );
    },

    /** One order within a scope, as the account shows it. */
    async get(
      where: { orderId: string } | { registryId: number },
      scope: OrderScope,
      locale: Locale,
    ): Promise<Order | null> {
      const p = new SqlParams();
      const condition = 'orderId' in where ? `o.id = ${p.add(where.orderId)}` : `r.id = ${p.add(where.registryId)}`;
      const row = await db.maybeOne<OrderRow>(
        `${orderSelect(locale)} WHERE ${condition} AND ${scopeCondition(scope, p, true)}`,
        p.values,
      );
      if (!row) return null;
      const progress = await resultsProgress(db, [row]);
      return toOrder(row, (await itemsOf([row.id], locale)).get(row.id) ?? [], progress.get(row.id) ?? null);
    },

    /** A page of orders within a scope, newest first. */
    async list(scope: OrderScope, filter: OrderListFilter, locale: Locale): Promise<PageOf<Order>> {
      const p = new SqlParams();
      const where = [scopeCondition(scope, p)];
      if (filter.onSite) where.push('o.on_site');
      if (filter.dateFrom)
        where.push(`o.created_at >= ${p.add(kyivInstant(filter.dateFrom).toISOString())}::timestamptz`);
      if (filter.dateTo) {
        where.push(`o.created_at < ${p.add(kyivInstant(nextDay(filter.dateTo)).toISOString())}::timestamptz`);
      }
      if (filter.serviceIds && filter.serviceIds.length > 0) {
        where.push(`EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id
                              AND i.service_id = ANY(${p.add(filter.serviceIds)}::int[]))`);
      }
      if (filter.query?.trim()) {
        const q = p.add(containsPattern(filter.query));
        where.push(`(o.number ILIKE ${q}
          OR EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id
                       AND (i.title_uk ILIKE ${q} OR i.title_ru ILIKE ${q} OR i.code ILIKE ${q}))
          OR concat_ws(' ', pt.last_name_uk, pt.first_name_uk, pt.middle_name_uk, pt.last_name_ru, pt.first_name_ru,
                       pt.middle_name_ru) ILIKE ${q})`);
      }
      const condition = where.join(' AND ');
      const total = await db.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM orders o JOIN patients pt ON pt.id = o.patient_id
           LEFT JOIN registries r ON r.order_id = o.id WHERE ${condition}`,
        p.values,
      );
      const rows = await db.query<OrderRow>(
        `${orderSelect(locale)} WHERE ${condition} ORDER BY o.created_at DESC, o.number DESC
          LIMIT ${p.add(filter.size)} OFFSET ${p.add(pageOffset(filter.page, filter.size))}`,
        p.values,
      );
      const items = await itemsOf(
        rows.map((row) => row.id),
        locale,
      );
      const progress = await resultsProgress(db, rows);
      return pageOf(
        rows.map((row) => toOrder(row, items.get(row.id) ?? [], progress.get(row.id) ?? null)),
        total.n,
        filter,
      );
    },

    /** Orders created in a date range within a scope (the "new since" badges). */
    async count(scope: OrderScope, filter: { dateFrom?: string; dateTo?: string; onSite?: boolean }): Promise<number> {
      const p = new SqlParams();
      const where = [scopeCondition(scope, p)];
      if (filter.onSite) where.push('o.on_site');
      if (filter.dateFrom)
        where.push(`o.created_at >= ${p.add(kyivInstant(filter.dateFrom).toISOString())}::timestamptz`);
      if (filter.dateTo) {
        where.push(`o.created_at < ${p.add(kyivInstant(nextDay(filter.dateTo)).toISOString())}::timestamptz`);
      }
      const row = await db.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM orders o WHERE ${where.join(' AND ')}`,
        p.values,
      );
      return row.n;
    },

    /** The lab registers an order once; answers the registry id. */
    async ensureRegistry(orderId: string, resultsExpectedAt: string): Promise<number> {
      await db.query(
        `INSERT INTO registries (order_id, created_at) VALUES ($1, $2::timestamptz) ON CONFLICT (order_id) DO NOTHING`,
        [orderId, now()],
      );
      await db.query(
        'UPDATE orders SET results_expected_at = coalesce(results_expected_at, $2::timestamptz) WHERE id = $1',
        [orderId, resultsExpectedAt],
      );
      const row = await db.one<{ id: number }>('SELECT id FROM registries WHERE order_id = $1', [orderId]);
      return row.id;
    },

    /** Counts a use of a promo code; false when its uses ran out meanwhile. */
    async usePromo(promoCodeId: number): Promise<boolean> {
      const row = await db.maybeOne(
        `UPDATE promo_codes SET used = used + 1 WHERE id = $1 AND (max_uses IS NULL OR used < max_uses) RETURNING 1`,
        [promoCodeId],
      );
      return row !== null;
    },
  };
  return repo;
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
