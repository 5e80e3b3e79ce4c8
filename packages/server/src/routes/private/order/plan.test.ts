/**
 * GET /order/orders/{id}/plan through the real server on a real database: where (the branch's hours
 * and status now), when (a home visit's day and time), one preparation memo with the strictest fasting
 * rule first, the results' date in working days; only the order's owner reads it. And the home visit's
 * reminder: written with the order, sent by the outbox's worker the evening before, once, also when the
 * worker that claimed it died.
 */
import { randomUUID } from 'node:crypto';
import type { Order, OrderCreateBody, OrderPlan } from '@lab/api/contract';
import type { SendOptions, SmsGateway } from '../../../auth/sms';
import { deliverNotifications } from '../../../domain/notifications';
import { createPatientUser, fillCart, sessionCookie } from '../../../test-support/accounts';
import { DEFAULT_NOW, useTestApp } from '../../../test-support/harness';
import { call, ok } from '../../../test-support/http';

const t = useTestApp({ config: { rateLimitMax: 0 } });

class ScriptedSms implements SmsGateway {
  readonly kind = 'scripted';
  readonly sent: Array<{ phone: string; text: string; reference: string | undefined }> = [];
  async send(phone: string, text: string, options: SendOptions = {}): Promise<void> {
    this.sent.push({ phone, text, reference: options.reference });
  }
}

// DEFAULT_NOW is Wednesday 2026-11-18, 12:00 in Kyiv
const HOME = { street: 'вул. Січових Стрільців', house: '12', arrivalDate: '2026-11-20', arrivalTime: '10:00' };

async function order(
  codes: readonly string[],
  visit: Pick<OrderCreateBody, 'visit' | 'branchId' | 'homeVisit'>,
  language?: string,
) {
  const me = await createPatientUser(t.db);
  const cookie = await sessionCookie(t.app, me.userId);
  await fillCart(t.db, me.userId, codes);
  const placed = await ok<Order>(t.app, 'orderCreate', {
    headers: { cookie },
    ...(language ? { language } : {}),
    body: {
      orderId: randomUUID(),
      settlementId: 1,
      patientId: me.patientId,
      paymentType: 'cash',
      doctor: null,
      promoCode: null,
      acceptContract: true,
      acceptPersonalData: true,
      utmParameters: null,
      ...visit,
    },
  });
  return { me, cookie, placed };
}

const plan = (cookie: string, orderId: string, language?: string) =>
  ok<OrderPlan>(t.app, 'orderPlan', { headers: { cookie }, params: { orderId }, ...(language ? { language } : {}) });

describe('GET /order/orders/{id}/plan', () => {
  it('says where (hours, status now, services), how to prepare (strictest fasting first) and when results come', async () => {
    // ferritin takes 3 working days here (the fixture says 1)
    await t.db.query(`UPDATE services SET turnaround_days = 3 WHERE code = '2002'`);
    const { cookie, placed } = await order(['2001', '2002'], { visit: 'branch', branchId: 1, homeVisit: null });
    const answer = await plan(cookie, placed.id);
    expect(answer.branch).toMatchObject({
      id: 1,
      address: 'вул. Хрещатик, 1',
      status: 'open',
      services: { covidTest: true, cardTerminal: true, ramp: true, childNurse: false },
    });
    expect(answer.branch?.schedule.find((day) => day.weekday === 1)).toEqual({
      weekday: 1,
      opensAt: expect.stringMatching(/^\d\d:\d\d$/),
      closesAt: expect.stringMatching(/^\d\d:\d\d$/),
    });
    expect(answer.visit).toBeNull();
    // ferritin's 8 hours beat the blood count's plain "3 hours after a light meal", which is left out
    expect(answer.preparation).toEqual({
      fastingHours: 8,
      notes: [{ text: 'Натщесерце', services: ['Феритин'], fastingHours: 8 }],
    });
    // ferritin takes 3 working days: from Wednesday to Monday
    expect(answer.results).toEqual({ workingDays: 3, expectedDate: '2026-11-23' });
    // the order carries the same day, a date without a time: one results date for the confirmation and the card
    expect(placed.resultsExpectedDate).toBe('2026-11-23');
    const again = await ok<Order>(t.app, 'orderGet', { headers: { cookie }, params: { orderId: placed.id } });
    expect(again.resultsExpectedDate).toBe(answer.results.expectedDate);
    const ru = await plan(cookie, placed.id, 'ru');
    expect(ru.preparation.notes[0]).toMatchObject({ text: 'Натощак', services: ['Ферритин'] });
  });

  it('keeps a weaker rule when it is the only one, and dates a home visit’s results from its day', async () => {
    const { cookie, placed } = await order(['2001'], { visit: 'home', branchId: null, homeVisit: HOME });
    const answer = await plan(cookie, placed.id);
    expect(answer.branch).toBeNull();
    expect(answer.visit).toEqual({ date: '2026-11-20', time: '10:00' });
    expect(answer.preparation).toEqual({
      fastingHours: 3,
      notes: [
        {
          text: 'Натщесерце або через 3 години після легкої їжі',
          services: ['Загальний аналіз крові'],
          fastingHours: 3,
        },
      ],
    });
    // one working day after Friday is Monday
    expect(answer.results).toEqual({ workingDays: 1, expectedDate: '2026-11-23' });
    expect(placed.resultsExpectedDate).toBe('2026-11-23');
  });

  it('the memo holds for the order: a home visit’s has no "deliver to the branch", a branch visit’s keeps it', async () => {
    await t.db.query(
      `UPDATE services SET preparation_uk = 'Ранкова сеча в стерильний контейнер. Доставити до відділення протягом 2 годин.'
        WHERE code = '2001'`,
    );
    // another day than the reminder's tests book
    const home = await order(['2001'], {
      visit: 'home',
      branchId: null,
      homeVisit: { ...HOME, arrivalDate: '2026-11-24' },
    });
    const atHome = await plan(home.cookie, home.placed.id);
    expect(atHome.preparation.notes.map((note) => note.text)).toEqual(['Ранкова сеча в стерильний контейнер.']);
    const branch = await order(['2001'], { visit: 'branch', branchId: 1, homeVisit: null });
    expect((await plan(branch.cookie, branch.placed.id)).preparation.notes[0]?.text).toContain(
      'Доставити до відділення',
    );
  });

  it('answers 404 for someone else’s order and 401 for a guest', async () => {
    const { placed } = await order(['2001'], { visit: 'branch', branchId: 1, homeVisit: null });
    const other = await createPatientUser(t.db);
    const otherCookie = await sessionCookie(t.app, other.userId);
    const foreign = await call(t.app, 'orderPlan', {
      headers: { cookie: otherCookie },
      params: { orderId: placed.id },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'not-found' });
    const unknown = await call(t.app, 'orderPlan', {
      headers: { cookie: otherCookie },
      params: { orderId: randomUUID() },
    });
    expect(unknown.status).toBe(404);
    expect((await call(t.app, 'orderPlan', { params: { orderId: placed.id } })).status).toBe(401);
  });
});

describe('the home visit’s reminder', () => {
  const sms = new ScriptedSms();
  const deliverAt = (iso: string) =>
    deliverNotifications({
      db: t.db,
      sms,
      clock: () => new Date(iso),
      settings: { notifyMaxAttempts: 3, notifyRetrySeconds: 30 },
    });
  const reminders = (orderId: string) =>
    t.db.query<{ status: string; nextAttemptAt: string }>(
      `SELECT status, next_attempt_at AS "nextAttemptAt" FROM notification_outbox
        WHERE order_id = $1 AND kind = 'visit-reminder'`,
      [orderId],
    );

  beforeEach(() => {
    sms.sent.length = 0;
  });

  it('goes out at 18:00 Kyiv time the evening before, once', async () => {
    const { me, placed } = await order(['2001'], { visit: 'home', branchId: null, homeVisit: HOME });
    expect(await reminders(placed.id)).toEqual([
      { status: 'pending', nextAttemptAt: new Date('2026-11-19T16:00:00.000Z').toISOString() },
    ]);
    // the same day, and a minute before the evening: nothing yet
    await deliverAt(DEFAULT_NOW.toISOString());
    await deliverAt('2026-11-19T15:59:00.000Z');
    expect(sms.sent.filter((message) => message.phone === me.phone)).toEqual([]);
    await deliverAt('2026-11-19T16:05:00.000Z');
    await deliverAt('2026-11-19T16:10:00.000Z');
    const mine = sms.sent.filter((message) => message.phone === me.phone);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.text).toMatch(/завтра, 20\.11\.2026, близько 10:00 до вас приїде медсестра/);
    // when the fast begins (the blood count's 3 hours before 10:00), and the order's own page
    expect(mine[0]?.text).toContain('Не їжте з 07:00 завтра.');
    expect(mine[0]?.text).toMatch(new RegExp(`Замовлення і підготовка: \\S+/checkout/result\\?orderId=${placed.id}$`));
    expect(mine[0]?.text).not.toMatch(/аналіз крові/i); // no medical data in an SMS
  });

  it('goes out before a long fast begins, says when it begins, in the patient’s language', async () => {
    // a 16-hour fast before an 08:00 visit begins at 16:00 the day before: the reminder comes at 14:00
    await t.db.query(`UPDATE services SET fasting_hours = 16 WHERE code = '2002'`);
    const homeVisit = { ...HOME, arrivalDate: '2026-11-25', arrivalTime: '08:00' };
    const { placed } = await order(['2002'], { visit: 'home', branchId: null, homeVisit }, 'ru');
    expect(await reminders(placed.id)).toEqual([
      { status: 'pending', nextAttemptAt: new Date('2026-11-24T12:00:00.000Z').toISOString() },
    ]);
    const [row] = await t.db.query<{ text: string }>(
      `SELECT text FROM notification_outbox WHERE order_id = $1 AND kind = 'visit-reminder'`,
      [placed.id],
    );
    expect(row?.text).toContain('завтра, 25.11.2026, около 08:00 к вам приедет медсестра. Не ешьте с 16:00 сегодня.');
    expect(row?.text).toMatch(new RegExp(`/ru/checkout/result\\?orderId=${placed.id}$`));
  });

  it('is sent once by the next worker when the one that claimed it died', async () => {
    // a slot takes a few visits only: each order here books its own time
    const homeVisit = { ...HOME, arrivalTime: '11:00' };
    const { me, placed } = await order(['2001'], { visit: 'home', branchId: null, homeVisit });
    // a worker claimed it and was killed before sending: its claim runs out a minute later
    await t.db.query(
      `UPDATE notification_outbox SET status = 'sending', attempts = 1, locked_until = '2026-11-19T16:01:00Z'
        WHERE order_id = $1`,
      [placed.id],
    );
    await deliverAt('2026-11-19T16:00:30.000Z');
    expect(sms.sent.filter((message) => message.phone === me.phone)).toHaveLength(0);
    await deliverAt('2026-11-19T16:02:00.000Z');
    await deliverAt('2026-11-19T16:03:00.000Z');
    expect(sms.sent.filter((message) => message.phone === me.phone)).toHaveLength(1);
    expect(await reminders(placed.id)).toMatchObject([{ status: 'sent' }]);
  });

  it('is not written for a branch visit, nor when the evening before has passed', async () => {
    const branch = await order(['2001'], { visit: 'branch', branchId: 1, homeVisit: null });
    expect(await reminders(branch.placed.id)).toEqual([]);
    t.setNow('2026-11-19T17:00:00.000Z'); // Thursday 19:00 in Kyiv: tomorrow's visit was just booked
    try {
      const homeVisit = { ...HOME, arrivalTime: '12:00' };
      const late = await order(['2001'], { visit: 'home', branchId: null, homeVisit });
      expect(await reminders(late.placed.id)).toEqual([]);
    } finally {
      t.setNow(DEFAULT_NOW.toISOString());
    }
  });
});
