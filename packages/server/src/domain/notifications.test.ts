/**
 * The results-ready SMS outbox on a real database: one message per state change and recipient, sent
 * once; a failing provider is retried with a doubling delay and given up after the last try; a message
 * claimed by a worker that died is sent by the next one; a message of someone who turned them off is
 * skipped.
 */
import type { SendOptions, SmsGateway } from '../auth/sms';
import { createPatientUser, sessionCookie } from '../test-support/accounts';
import { DEFAULT_NOW, useTestApp } from '../test-support/harness';
import { call } from '../test-support/http';
import { placeOrder } from '../test-support/orders';
import { deliverNotifications, enqueueResultsNotice, retryDelaySeconds } from './notifications';

class ScriptedSms implements SmsGateway {
  readonly kind = 'scripted';
  readonly sent: Array<{ phone: string; text: string; reference: string | undefined }> = [];
  failing = false;
  async send(phone: string, text: string, options: SendOptions = {}): Promise<void> {
    if (this.failing) throw new Error('provider unavailable');
    this.sent.push({ phone, text, reference: options.reference });
  }
}

const t = useTestApp();
const sms = new ScriptedSms();
const settings = { notifyMaxAttempts: 3, notifyRetrySeconds: 30 };
const deliver = () => deliverNotifications({ db: t.db, sms, clock: () => now, settings, metrics: t.app.metrics });
let now = DEFAULT_NOW;
const at = (seconds: number) => {
  now = new Date(DEFAULT_NOW.getTime() + seconds * 1000);
};

async function readyOrder() {
  const me = await createPatientUser(t.db);
  const cookie = await sessionCookie(t.app, me.userId);
  const placed = await placeOrder(t.app, t.db, { ...me, cookie }, { paymentType: 'cash' });
  const notice = () =>
    t.db.transaction((tx) =>
      enqueueResultsNotice(tx, { labName: 'Лабораторія', publicUrl: 'https://lab.example' }, () => now, {
        orderId: placed.order.id,
        kind: 'results-ready',
        change: 0,
      }),
    );
  return { me, cookie, placed, notice };
}

const statusOf = (orderId: string) =>
  t.db.query<{ status: string; attempts: number; nextAttemptAt: string; lastError: string | null }>(
    `SELECT status, attempts, next_attempt_at AS "nextAttemptAt", last_error AS "lastError"
       FROM notification_outbox WHERE order_id = $1 ORDER BY id`,
    [orderId],
  );

beforeEach(() => {
  now = DEFAULT_NOW;
  sms.sent.length = 0;
  sms.failing = false;
});

describe('the notification outbox', () => {
  it('writes one message per state change, and sends it once', async () => {
    const order = await readyOrder();
    expect(await order.notice()).toBe(1);
    expect(await order.notice()).toBe(0); // the same change again: no second message
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect(sms.sent).toEqual([
      {
        phone: order.me.phone,
        text: `Лабораторія: результати готові. Переглянути після входу: https://lab.example/account/results/${order.placed.registryId}`,
        reference: expect.stringMatching(/^notification-\d+$/),
      },
    ]);
    expect(await statusOf(order.placed.order.id)).toMatchObject([{ status: 'sent', attempts: 1 }]);
  });

  it('retries a failed send with a doubling delay and gives up after the last try', async () => {
    const order = await readyOrder();
    await order.notice();
    sms.failing = true;
    expect(await deliver()).toMatchObject({ retry: 1 });
    expect(await statusOf(order.placed.order.id)).toEqual([
      {
        status: 'pending',
        attempts: 1,
        nextAttemptAt: new Date(DEFAULT_NOW.getTime() + 30_000).toISOString(),
        lastError: 'provider unavailable',
      },
    ]);
    at(29);
    expect(await deliver()).toEqual({ sent: 0, retry: 0, failed: 0, skipped: 0 }); // not due yet
    at(30);
    expect(await deliver()).toMatchObject({ retry: 1 });
    expect((await statusOf(order.placed.order.id))[0]?.nextAttemptAt).toBe(
      new Date(DEFAULT_NOW.getTime() + 90_000).toISOString(),
    );
    at(90);
    expect(await deliver()).toMatchObject({ failed: 1 });
    expect(await statusOf(order.placed.order.id)).toMatchObject([{ status: 'failed', attempts: 3 }]);
    sms.failing = false;
    at(100_000);
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect(sms.sent).toEqual([]);
  });

  it('recovers after a provider outage: sent on the next try, once', async () => {
    const order = await readyOrder();
    await order.notice();
    sms.failing = true;
    await deliver();
    sms.failing = false;
    at(30);
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(sms.sent).toHaveLength(1);
  });

  it('sends a message a dead worker had claimed once its claim runs out', async () => {
    const order = await readyOrder();
    await order.notice();
    // a worker claimed it and died before sending
    await t.db.query(
      `UPDATE notification_outbox SET status = 'sending', attempts = 1, locked_until = $2::timestamptz WHERE order_id = $1`,
      [order.placed.order.id, new Date(DEFAULT_NOW.getTime() + 60_000).toISOString()],
    );
    expect(await deliver()).toMatchObject({ sent: 0 });
    at(60);
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(await statusOf(order.placed.order.id)).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it('skips the message of someone who turned the messages off after it was written', async () => {
    const order = await readyOrder();
    await order.notice();
    const res = await call(t.app, 'notificationSettingsUpdate', {
      headers: { cookie: order.cookie },
      body: { resultsSms: false },
    });
    expect(res.status).toBe(200);
    expect(await deliver()).toMatchObject({ skipped: 1, sent: 0 });
    expect(sms.sent).toEqual([]);
    expect(await statusOf(order.placed.order.id)).toMatchObject([{ status: 'skipped' }]);
  });

  it('doubles the delay from the first retry up to an hour', () => {
    expect([1, 2, 3, 4, 10, 20].map((attempts) => retryDelaySeconds(attempts, 30))).toEqual([
      30, 60, 120, 240, 3600, 3600,
    ]);
  });
});

describe('the development lab clock', () => {
  it('leaves the demo accounts’ orders as the seed made them unless one is named', async () => {
    const order = await readyOrder();
    await t.db.query(`UPDATE orders SET utm_source = 'demo' WHERE id = $1`, [order.placed.order.id]);
    const state = () =>
      t.db.one<{ labStatus: string }>('SELECT lab_status AS "labStatus", paid_at_branch_at FROM orders WHERE id = $1', [
        order.placed.order.id,
      ]);
    const all = await t.app.inject({ method: 'POST', url: '/api/dev/clock/advance', payload: {} });
    expect(all.statusCode).toBe(200);
    expect(await t.db.one('SELECT paid_at_branch_at AS at FROM orders WHERE id = $1', [order.placed.order.id])).toEqual(
      {
        at: null,
      },
    );
    await t.app.inject({ method: 'POST', url: '/api/dev/clock/advance', payload: { orderId: order.placed.order.id } });
    expect((await state()).labStatus).toBe('new');
    expect(
      await t.db.one('SELECT paid_at_branch_at IS NOT NULL AS moved FROM orders WHERE id = $1', [
        order.placed.order.id,
      ]),
    ).toEqual({
      moved: true,
    });
  });

  it('writes the results-ready message when it makes results ready', async () => {
    const order = await readyOrder();
    for (let step = 0; step < 3; step++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/dev/clock/advance',
        payload: { orderId: order.placed.order.id },
      });
    }
    expect(await statusOf(order.placed.order.id)).toMatchObject([{ status: 'pending' }]);
  });
});
