/**
 * Telling people their results are ready, through a durable outbox (table `notification_outbox`):
 *
 *  - `enqueueResultsNotice` writes the messages in the transaction that changed the order (results
 *    ready, or a ready result corrected): if that transaction commits, the messages exist; if the
 *    process dies before it commits, neither the change nor the messages do. Each message's
 *    `event_key` (kind, order, state change, recipient) is unique, so one state change makes one
 *    message per recipient however often it is reached (the same LIS message twice, two instances).
 *  - `deliverNotifications` (a timer of every running server, NOTIFY_INTERVAL_MS) claims due messages
 *    for a while (`locked_until`), sends each through the SMS gateway, and marks it sent; a failure is
 *    tried again later with a doubling delay, and given up (failed) after NOTIFY_MAX_ATTEMPTS. A
 *    process killed before it sent a message leaves it pending (or claimed until its claim runs out):
 *    the next run sends it. The one window left is a kill after the provider took the message and
 *    before the row says so; the row's id goes to the gateway as the message's reference, so a
 *    provider that de-duplicates by it sends it once (README "Results ready by SMS").
 *
 * The text carries no medical data: the laboratory's name, "результати готові" and a link to the
 * order's results, which open after sign-in. The owner of the order gets it, and the referring
 * doctor for a referral, unless they turned these messages off in their personal data.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SmsGateway } from '../auth/sms';
import type { ResultsSettings } from '../config';
import type { Queryable } from '../db/database';
import type { Locale } from '../i18n/messages';
import type { Metrics } from '../metrics/metrics';
import { type Clock, kyivInstant, kyivWallTime } from './kyiv-time';

export type NoticeKind = 'results-ready' | 'results-corrected';

/** The SMS text: the laboratory, the words, the link. Nothing about the results themselves. */
export function noticeText(kind: NoticeKind, labName: string, link: string): string {
  return kind === 'results-ready'
    ? `${labName}: результати готові. Переглянути після входу: ${link}`
    : `${labName}: результати готові, лабораторія уточнила їх. Переглянути після входу: ${link}`;
}

interface Recipients {
  orderId: string;
  registryId: number;
  patientId: number;
  ownerId: number;
  ownerPhone: string;
  ownerOn: boolean;
  doctorUserId: number | null;
  doctorPhone: string | null;
  doctorOn: boolean | null;
}

/**
 * Writes the messages of one state change of an order (call it inside the change's transaction).
 * `change` tells changes of one kind apart: 0 for "ready", the order's correction count for a correction.
 * Answers how many messages were written (0 when they exist already or everyone turned them off).
 */
export async function enqueueResultsNotice(
  tx: Queryable,
  settings: Pick<ResultsSettings, 'labName' | 'publicUrl'>,
  clock: Clock,
  notice: { orderId: string; kind: NoticeKind; change: number },
): Promise<number> {
  const order = await tx.maybeOne<Recipients>(
    `SELECT o.id AS "orderId", r.id AS "registryId", o.patient_id AS "patientId", u.id AS "ownerId",
            u.phone AS "ownerPhone", u.results_sms AS "ownerOn", du.id AS "doctorUserId", du.phone AS "doctorPhone",
            du.results_sms AS "doctorOn"
       FROM orders o JOIN users u ON u.id = o.user_id JOIN registries r ON r.order_id = o.id
       LEFT JOIN doctors d ON d.id = o.doctor_id LEFT JOIN users du ON du.id = d.user_id
      WHERE o.id = $1`,
    [notice.orderId],
  );
  if (!order) return 0;
  const recipients: Array<{ userId: number; phone: string; link: string }> = [];
  if (order.ownerOn) {
    recipients.push({
      userId: order.ownerId,
      phone: order.ownerPhone,
      link: `${settings.publicUrl}/account/results/${order.registryId}`,
    });
  }
  if (
    order.doctorUserId !== null &&
    order.doctorPhone !== null &&
    order.doctorOn &&
    order.doctorUserId !== order.ownerId
  ) {
    recipients.push({
      userId: order.doctorUserId,
      phone: order.doctorPhone,
      link: `${settings.publicUrl}/account/patients/${order.patientId}/results/${order.registryId}`,
    });
  }
  const now = clock().toISOString();
  let written = 0;
  for (const recipient of recipients) {
    const row = await tx.maybeOne(
      `INSERT INTO notification_outbox (event_key, kind, order_id, user_id, phone, text, next_attempt_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $7::timestamptz)
       ON CONFLICT (event_key) DO NOTHING RETURNING id`,
      [
        `${notice.kind}:${notice.orderId}:${notice.change}:${recipient.userId}`,
        notice.kind,
        notice.orderId,
        recipient.userId,
        recipient.phone,
        noticeText(notice.kind, settings.labName, recipient.link),
        now,
      ],
    );
    if (row) written += 1;
  }
  return written;
}

export interface DeliveryDeps {
  readonly db: Queryable;
  readonly sms: SmsGateway;
  readonly clock: Clock;
  readonly settings: Pick<ResultsSettings, 'notifyMaxAttempts' | 'notifyRetrySeconds'>;
  readonly metrics?: Metrics;
  readonly log?: FastifyBaseLogger;
}

export interface DeliveryReport {
  sent: number;
  retry: number;
  failed: number;
  skipped: number;
}

/** How long a claimed message is kept from other workers: longer than any provider call. */
const CLAIM_SECONDS = 60;
const MAX_DELAY_SECONDS = 3600;

/** The delay before try `attempts + 1`: the first retry after `base`, each next one doubling, an hour at most. */
export function retryDelaySeconds(attempts: number, base: number): number {
  return Math.min(MAX_DELAY_SECONDS, base * 2 ** Math.max(0, attempts - 1));
}

interface Claimed {
  id: number;
  userId: number;
  phone: string;
  text: string;
  attempts: number;
  on: boolean;
}

/** Sends the messages that are due (at most `limit`); answers what became of them. */
export async function deliverNotifications(deps: DeliveryDeps, limit = 20): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retry: 0, failed: 0, skipped: 0 };
  const now = deps.clock();
  const claimed = await deps.db.query<Claimed>(
    `WITH due AS (
       SELECT id FROM notification_outbox
        WHERE (status = 'pending' AND next_attempt_at <= $1::timestamptz)
           OR (status = 'sending' AND locked_until <= $1::timestamptz)
        ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED
     )
     UPDATE notification_outbox n
        SET status = 'sending', attempts = n.attempts + 1, locked_until = $3::timestamptz
       FROM due, users u
      WHERE n.id = due.id AND u.id = n.user_id
     RETURNING n.id, n.user_id AS "userId", n.phone, n.text, n.attempts,
               (n.kind = 'visit-reminder' OR u.results_sms) AS on`,
    [now.toISOString(), limit, new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString()],
  );
  for (const message of claimed.sort((a, b) => a.id - b.id)) {
    const at = deps.clock().toISOString();
    if (!message.on) {
      // results messages turned off after the results became ready: not sent (a visit's reminder always is)
      await deps.db.query(
        `UPDATE notification_outbox SET status = 'skipped', locked_until = NULL WHERE id = $1 AND status = 'sending'`,
        [message.id],
      );
      report.skipped += 1;
      deps.metrics?.notifications.inc({ outcome: 'skipped' });
      continue;
    }
    try {
      await deps.sms.send(message.phone, message.text, { reference: `notification-${message.id}` });
      await deps.db.query(
        `UPDATE notification_outbox SET status = 'sent', sent_at = $2::timestamptz, locked_until = NULL, last_error = NULL
          WHERE id = $1`,
        [message.id, at],
      );
      report.sent += 1;
      deps.metrics?.notifications.inc({ outcome: 'sent' });
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
      const giveUp = message.attempts >= deps.settings.notifyMaxAttempts;
      const next = new Date(
        deps.clock().getTime() + retryDelaySeconds(message.attempts, deps.settings.notifyRetrySeconds) * 1000,
      );
      await deps.db.query(
        `UPDATE notification_outbox SET status = $2, next_attempt_at = $3::timestamptz, locked_until = NULL,
                last_error = $4 WHERE id = $1`,
        [message.id, giveUp ? 'failed' : 'pending', next.toISOString(), reason],
      );
      // never the text or the phone in the log: only which message and why
      deps.log?.warn({ notification: message.id, attempts: message.attempts, reason }, 'notification SMS not sent');
      if (giveUp) report.failed += 1;
      else report.retry += 1;
      deps.metrics?.notifications.inc({ outcome: giveUp ? 'failed' : 'retry' });
    }
  }
  return report;
}

/** When a home visit's reminder is due at the latest: 18:00 Kyiv time the day before the visit. */
export const REMINDER_TIME = '18:00:00';
/** ... and earlier when the fast begins sooner: this long before it, so there is still time to eat. */
export const BEFORE_THE_FAST_MS = 2 * 3600_000;

export interface VisitReminder {
  readonly labName: string;
  /** The visit's day (YYYY-MM-DD) and approximate time (HH:MM). */
  readonly date: string;
  readonly time: string;
  /** When the fast begins (Kyiv wall time), null when the order asks for none. */
  readonly fastFrom: { readonly date: string; readonly time: string } | null;
  /** The order's own page. */
  readonly link: string;
}

const REMINDER_TEXTS = {
  uk: {
    visit: (lab: string, day: string, time: string) =>
      `${lab}: завтра, ${day}, близько ${time} до вас приїде медсестра.`,
    fast: (time: string, when: string) => ` Не їжте з ${time} ${when}.`,
    today: 'сьогодні',
    tomorrow: 'завтра',
    order: 'Замовлення і підготовка:',
  },
  ru: {
    visit: (lab: string, day: string, time: string) => `${lab}: завтра, ${day}, около ${time} к вам приедет медсестра.`,
    fast: (time: string, when: string) => ` Не ешьте с ${time} ${when}.`,
    today: 'сегодня',
    tomorrow: 'завтра',
    order: 'Заказ и подготовка:',
  },
} as const;

const dotted = (date: string) => date.split('-').reverse().join('.');

/**
 * The reminder's text in the patient's language: the laboratory, the day and time, when the fast
 * begins, and the order's page with its memo. No analyses named.
 */
export function visitReminderText(reminder: VisitReminder, locale: Locale = 'uk'): string {
  const text = REMINDER_TEXTS[locale];
  let fast = '';
  if (reminder.fastFrom) {
    const { date, time } = reminder.fastFrom;
    const when = date === reminder.date ? text.tomorrow : date === dayBefore(reminder.date) ? text.today : dotted(date);
    fast = text.fast(time, when);
  }
  return `${text.visit(reminder.labName, dotted(reminder.date), reminder.time)}${fast} ${text.order} ${reminder.link}`;
}

/**
 * Writes the reminder of a home visit (call it in the transaction that places the order), in the
 * language the patient ordered in: due the evening before the visit, or earlier, before the order's
 * longest fast begins; once (its event key is the order's and the visit's day). None when that time
 * has passed already: a visit booked for tomorrow late in the day has just been confirmed on screen.
 */
export async function enqueueVisitReminder(
  tx: Queryable,
  settings: Pick<ResultsSettings, 'labName' | 'publicUrl'>,
  clock: Clock,
  orderId: string,
  locale: Locale = 'uk',
): Promise<number> {
  const order = await tx.maybeOne<{
    userId: number;
    phone: string;
    date: string;
    time: string;
    fasting: number | null;
  }>(
    `SELECT o.user_id AS "userId", u.phone, o.home_arrival_date AS date, o.home_arrival_time AS time,
            (SELECT max(s.fasting_hours) FROM order_items i JOIN services s ON s.id = i.service_id
              WHERE i.order_id = o.id AND NOT i.additional) AS fasting
       FROM orders o JOIN users u ON u.id = o.user_id
      WHERE o.id = $1 AND o.home_arrival_date IS NOT NULL`,
    [orderId],
  );
  if (!order) return 0;
  const time = order.time.slice(0, 5);
  const arrival = kyivInstant(order.date, `${time}:00`);
  const fastStart = order.fasting ? new Date(arrival.getTime() - order.fasting * 3600_000) : null;
  const evening = kyivInstant(dayBefore(order.date), REMINDER_TIME);
  const due =
    fastStart && fastStart.getTime() - BEFORE_THE_FAST_MS < evening.getTime()
      ? new Date(fastStart.getTime() - BEFORE_THE_FAST_MS)
      : evening;
  const now = clock();
  if (due.getTime() <= now.getTime()) return 0;
  const fastWall = fastStart ? kyivWallTime(fastStart) : null;
  const fastFrom = fastWall
    ? {
        date: fastWall.date,
        time: `${String(Math.floor(fastWall.minutes / 60)).padStart(2, '0')}:${String(fastWall.minutes % 60).padStart(2, '0')}`,
      }
    : null;
  const link = `${settings.publicUrl}${locale === 'ru' ? '/ru' : ''}/checkout/result?orderId=${orderId}`;
  const row = await tx.maybeOne(
    `INSERT INTO notification_outbox (event_key, kind, order_id, user_id, phone, text, next_attempt_at, created_at)
     VALUES ($1, 'visit-reminder', $2, $3, $4, $5, $6::timestamptz, $7::timestamptz)
     ON CONFLICT (event_key) DO NOTHING RETURNING id`,
    [
      `visit-reminder:${orderId}:${order.date}`,
      orderId,
      order.userId,
      order.phone,
      visitReminderText({ labName: settings.labName, date: order.date, time, fastFrom, link }, locale),
      due.toISOString(),
      now.toISOString(),
    ],
  );
  return row ? 1 : 0;
}

function dayBefore(date: string): string {
  const instant = new Date(`${date}T12:00:00Z`);
  instant.setUTCDate(instant.getUTCDate() - 1);
  return instant.toISOString().slice(0, 10);
}
