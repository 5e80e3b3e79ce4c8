/**
 * One simulated customer: visits again and again until the deadline. A visit browses as a guest, fills a
 * guest cart, signs in (so the guest cart merges), checks that the cart holds exactly what it put in,
 * orders (sometimes re-sending the same create request, as a client retry would), and pays in the
 * sandbox (the hosted page's form, which makes the provider's signed callback). What it placed and what
 * got paid is kept for the integrity checks afterwards; any broken invariant stops the customer.
 */
import { randomUUID } from 'node:crypto';
import type { Cart, Order, OrderCreateBody, PaymentResponse, RegistryCreateResponse } from '@lab/api/contract';
import { browse } from './browse';
import { type CustomerHttp, NetworkError } from './http';
import { type SignedIn, signIn, signOut } from './sign-in';
import { difference, expectStatus, pickMany, type Random, sorted, UnexpectedStatus, Violation } from './util';

export interface PlacedOrder {
  readonly id: string;
  readonly number: string;
  /** The services the cart held (the order's items, additional ones aside). */
  readonly serviceIds: readonly number[];
  /** The sandbox answered success and the order reads as paid. */
  confirmed: boolean;
  /** The create request as sent (a retry after a crash sends it again). */
  readonly body: OrderCreateBody;
}

export interface CustomerReport {
  readonly index: number;
  readonly baseUrl: string;
  readonly phone: string;
  readonly sex: 'male' | 'female';
  /** The account was created by this run (so all its orders are this run's). */
  registered: boolean;
  userId: number | null;
  visits: number;
  readonly orders: PlacedOrder[];
  /** Guest carts merged into the account (the server must have deleted them). */
  readonly mergedGuestCarts: string[];
  readonly retries: { concurrent: number; sequential: number; afterPayment: number };
  /** What a second browser tab did at the same time. */
  readonly secondTab: { orders: number; adds: number; payments: number; doubleClicks: number };
  declinedFirst: number;
  /** Why the customer stopped early: an invariant, an unexpected answer, an unreachable server. */
  failure: { kind: 'violation' | 'unexpected' | 'network' | 'error'; message: string } | null;
}

export interface CustomerOptions {
  readonly index: number;
  readonly http: CustomerHttp;
  readonly phone: string;
  readonly deadline: number;
  readonly random: Random;
}

const PAID_STATES: ReadonlySet<Order['state']> = new Set(['paid', 'awaiting-results', 'results-ready']);
export const isPaidState = (state: Order['state']) => PAID_STATES.has(state);

const itemIds = (cart: Cart) => cart.items.map((item) => item.serviceId);

function sameItems(what: string, expected: Iterable<number>, actual: Iterable<number>): void {
  const { lost, extra } = difference(expected, actual);
  if (lost.length > 0) throw new Violation(`${what}: lost item(s) ${lost.join(', ')}`);
  if (extra.length > 0) throw new Violation(`${what}: item(s) nobody added ${extra.join(', ')}`);
}

export class Customer {
  readonly report: CustomerReport;
  /** What the account's cart holds, as far as this customer knows (null: not known yet). */
  private accountCart: Set<number> | null = null;
  private settlementId: number | undefined;

  constructor(private readonly options: CustomerOptions) {
    this.report = {
      index: options.index,
      baseUrl: options.http.baseUrl,
      phone: options.phone,
      sex: options.index % 2 === 0 ? 'female' : 'male',
      registered: false,
      userId: null,
      visits: 0,
      orders: [],
      mergedGuestCarts: [],
      retries: { concurrent: 0, sequential: 0, afterPayment: 0 },
      secondTab: { orders: 0, adds: 0, payments: 0, doubleClicks: 0 },
      declinedFirst: 0,
      failure: null,
    };
  }

  /** Visits until the deadline (a started visit is finished) or the first failure. */
  async run(): Promise<CustomerReport> {
    while (Date.now() < this.options.deadline && this.report.failure === null) {
      try {
        await this.visit();
        this.report.visits += 1;
      } catch (error) {
        this.report.failure = describe(error);
      }
    }
    return this.report;
  }

  private get http(): CustomerHttp {
    return this.options.http;
  }

  private chance(p: number): boolean {
    return this.options.random() < p;
  }

  private async signIn(): Promise<SignedIn> {
    const signed = await signIn(this.http, this.options.phone, this.report.sex);
    if (signed.registered) {
      this.report.registered = true;
      this.accountCart = new Set();
    }
    if (this.report.userId !== null && this.report.userId !== signed.userId) {
      throw new Violation(
        `phone ${this.options.phone} signed in as user ${signed.userId}, before ${this.report.userId}`,
      );
    }
    this.report.userId = signed.userId;
    return signed;
  }

  private async visit(): Promise<void> {
    this.http.clearCookies();
    const visit = await browse(this.http, this.options.random, this.report.sex, this.settlementId);
    const { settlementId, branchId, candidates } = visit;
    // the browser keeps the chosen city (cityId); a cart's lines are priced and offered per city
    this.settlementId = settlementId;
    const q = `settlementId=${settlementId}`;

    // ---- a guest cart, filled in one or two steps; every answer must hold all that was added so far
    const created = await this.http.request<Cart>('cartGuestCreate', '/api/public/cart/carts', { json: {} });
    expectStatus(created, 200, 'cartGuestCreate');
    const guestCartId = created.body.id;
    const wanted = pickMany(this.options.random, candidates, 2 + Math.floor(this.options.random() * 3));
    const added = new Set<number>();
    const split = Math.max(1, Math.floor(wanted.length / 2));
    for (const batch of [wanted.slice(0, split), wanted.slice(split)]) {
      if (batch.length === 0) continue;
      const cart = await this.http.request<Cart>('cartGuestAdd', `/api/public/cart/carts/${guestCartId}/add?${q}`, {
        json: { serviceIds: batch },
      });
      expectStatus(cart, 200, 'cartGuestAdd');
      for (const id of batch) added.add(id);
      sameItems(`guest cart ${guestCartId} after adding`, added, itemIds(cart.body));
    }
    const guest = await this.http.request<Cart>('cartGuestGet', `/api/public/cart/carts/${guestCartId}?${q}`);
    expectStatus(guest, 200, 'cartGuestGet');
    sameItems(`guest cart ${guestCartId}`, added, itemIds(guest.body));

    // ---- sign in; the account's cart first (as the storefront loads it), then the merge
    const me = await this.signIn();
    const before = await this.http.request<Cart>('cartGet', `/api/private/cart/carts?${q}`);
    expectStatus(before, 200, 'cartGet');
    if (this.accountCart !== null) sameItems('account cart at sign-in', this.accountCart, itemIds(before.body));
    const expected = new Set([...itemIds(before.body), ...added]);
    const merged = await this.http.request<Cart>('cartMerge', `/api/private/cart/carts/merge/${guestCartId}?${q}`, {
      method: 'POST',
    });
    expectStatus(merged, 200, 'cartMerge');
    this.report.mergedGuestCarts.push(guestCartId);
    sameItems(`account cart after merging guest cart ${guestCartId}`, expected, itemIds(merged.body));
    this.accountCart = expected;
    const gone = await this.http.request('cartGuestGet', `/api/public/cart/carts/${guestCartId}?${q}`);
    expectStatus(gone, 404, 'cartGuestGet (merged guest cart)');

    // sometimes one more service from the account's own cart routes
    const more = candidates.find((id) => !expected.has(id));
    if (more !== undefined && this.chance(0.3)) {
      const cart = await this.http.request<Cart>('cartAdd', `/api/private/cart/carts/add?${q}`, {
        json: { serviceIds: [more] },
      });
      expectStatus(cart, 200, 'cartAdd');
      expected.add(more);
      sameItems('account cart after adding', expected, itemIds(cart.body));
    }

    // ---- the order, with a retry now and then; then the payment
    const extra = candidates.find((id) => !expected.has(id));
    const { order, body } = await this.placeOrder(me, settlementId, branchId, expected, extra);
    await this.pay(order, body);
    await signOut(this.http);
  }

  private orderBody(me: SignedIn, settlementId: number, branchId: number): OrderCreateBody {
    return {
      orderId: randomUUID(),
      settlementId,
      patientId: me.patientId,
      visit: 'branch',
      branchId,
      homeVisit: null,
      paymentType: 'online',
      doctor: null,
      promoCode: null,
      acceptContract: true,
      acceptPersonalData: true,
      utmParameters: { source: 'load' },
    };
  }

  /**
   * Places the order from the account's cart (`cart`: what it holds). Now and then as a client would:
   * the same request twice at once (a double submit) or again after the answer (a retry); a second tab
   * submitting its own order at the same time (one of the two gets the cart, the other an empty cart);
   * a second tab adding a service while the order is placed (it lands in the order or stays in the cart).
   */
  private async placeOrder(
    me: SignedIn,
    settlementId: number,
    branchId: number,
    cart: Set<number>,
    extra: number | undefined,
  ): Promise<{ order: Order; body: OrderCreateBody }> {
    const body = this.orderBody(me, settlementId, branchId);
    const send = (route: string, sent = body) =>
      this.http.request<Order>(route, '/api/private/order/orders', { json: sent });
    const roll = this.options.random();
    let answers: Order[];
    let lateItem: number | null = null;
    if (roll < 0.15) {
      this.report.retries.concurrent += 1;
      const both = await Promise.all([send('orderCreate'), send('orderCreateRetry')]);
      for (const reply of both) expectStatus(reply, 200, 'orderCreate (concurrent repeat)');
      answers = both.map((reply) => reply.body);
    } else if (roll < 0.25) {
      this.report.secondTab.orders += 1;
      const other = this.orderBody(me, settlementId, branchId);
      const [mine, theirs] = await Promise.all([send('orderCreate'), send('orderCreate', other)]);
      const won = [mine, theirs].filter((reply) => reply.status === 200);
      const lost = [mine, theirs].filter((reply) => reply.status !== 200);
      if (won.length !== 1 || lost[0]?.status !== 400 || (lost[0].body as { code?: string }).code !== 'cart-empty') {
        throw new Violation(
          `two tabs ordering one cart answered ${mine.status} and ${theirs.status} (one order and one cart-empty expected)`,
        );
      }
      const winner = won[0]?.body as Order;
      body.orderId = winner.id;
      answers = [winner];
    } else if (roll < 0.35 && extra !== undefined) {
      this.report.secondTab.adds += 1;
      const [placed, added] = await Promise.all([
        send('orderCreate'),
        this.http.request<Cart>('cartAdd', `/api/private/cart/carts/add?settlementId=${settlementId}`, {
          json: { serviceIds: [extra] },
        }),
      ]);
      expectStatus(placed, 200, 'orderCreate (with an add in another tab)');
      expectStatus(added, 200, 'cartAdd (in another tab while ordering)');
      if (!itemIds(added.body).includes(extra)) throw new Violation(`cart add of ${extra} answered without it`);
      const ordered = placed.body.items.some((item) => item.serviceId === extra);
      if (ordered) cart.add(extra);
      else lateItem = extra;
      answers = [placed.body];
    } else {
      const first = await send('orderCreate');
      expectStatus(first, 200, 'orderCreate');
      answers = [first.body];
      if (roll < 0.5) {
        this.report.retries.sequential += 1;
        const again = await send('orderCreateRetry');
        expectStatus(again, 200, 'orderCreate (repeat)');
        answers.push(again.body);
      }
    }
    for (const answer of answers) {
      if (answer.id !== body.orderId) throw new Violation(`order ${body.orderId} answered as ${answer.id}`);
      if (answer.number !== answers[0]?.number) {
        throw new Violation(
          `order ${body.orderId}: repeats answered numbers ${answers.map((a) => a.number).join(', ')}`,
        );
      }
      const items = answer.items.map((i) => i.serviceId);
      sameItems(`order ${body.orderId} (cart ${sorted(cart).join(',')})`, cart, items);
      if (answer.state !== 'payment-pending') throw new Violation(`new order ${answer.id} is ${answer.state}`);
    }
    const order = answers[0] as Order;
    this.report.orders.push({ id: order.id, number: order.number, serviceIds: sorted(cart), confirmed: false, body });
    // what was added too late for the order stays in the cart for the next one
    this.accountCart = new Set(lateItem === null ? [] : [lateItem]);
    const after = await this.http.request<Cart>('cartGet', `/api/private/cart/carts?settlementId=${settlementId}`);
    expectStatus(after, 200, 'cartGet');
    sameItems(`account cart after order ${order.id}`, this.accountCart, itemIds(after.body));
    return { order, body };
  }

  /**
   * Registers the order and pays on the sandbox's hosted page; now and then after a decline, in two
   * tabs (two payments started at once, both paid: one may succeed), or with a double click on "Pay".
   * The order must end up paid exactly once.
   */
  private async pay(order: Order, body: OrderCreateBody): Promise<void> {
    const registry = await this.http.request<RegistryCreateResponse>(
      'registryCreate',
      '/api/private/order/orders/registry',
      {
        json: { orderId: order.id },
      },
    );
    expectStatus(registry, 200, 'registryCreate');
    const registryId = registry.body.id;

    const roll = this.options.random();
    const outcomes: Array<{ paymentId: string; result: string }> = [];
    if (roll < 0.1) {
      this.report.declinedFirst += 1;
      const declined = await this.startPayment(registryId, order);
      const result = await this.decide(declined.url, 'decline');
      if (result !== 'failure') throw new Violation(`declined payment ${declined.paymentId} came back as ${result}`);
    }
    if (roll >= 0.1 && roll < 0.2) {
      this.report.secondTab.payments += 1;
      const payments = await Promise.all([this.startPayment(registryId, order), this.startPayment(registryId, order)]);
      for (const payment of payments) {
        outcomes.push({ paymentId: payment.paymentId, result: await this.decide(payment.url, 'pay') });
      }
    } else if (roll >= 0.2 && roll < 0.3) {
      this.report.secondTab.doubleClicks += 1;
      const payment = await this.startPayment(registryId, order);
      const path = new URL(payment.url).pathname;
      const page = await this.http.request<string>('sandboxPage', path);
      expectStatus(page, 200, 'sandboxPage');
      // both answers must say success: the buyer's browser shows whichever comes last
      const results = await Promise.all([this.submit(path, 'pay'), this.submit(path, 'pay')]);
      if (results.some((result) => result !== 'success')) {
        throw new Violation(`a double click on Pay for order ${order.id} came back as ${results.join(' and ')}`);
      }
      outcomes.push({ paymentId: payment.paymentId, result: 'success' });
    } else {
      const payment = await this.startPayment(registryId, order);
      outcomes.push({ paymentId: payment.paymentId, result: await this.decide(payment.url, 'pay') });
    }
    const succeeded = outcomes.filter((o) => o.result === 'success');
    if (succeeded.length !== 1) {
      throw new Violation(
        `order ${order.id} paid ${succeeded.length} times: ${outcomes.map((o) => `${o.paymentId} ${o.result}`).join(', ')}`,
      );
    }
    const paymentId = succeeded[0]?.paymentId;

    const paid = await this.http.request<Order>('orderGet', `/api/private/order/orders/${order.id}`);
    expectStatus(paid, 200, 'orderGet');
    if (!isPaidState(paid.body.state)) throw new Violation(`paid order ${order.id} reads as ${paid.body.state}`);
    if (paid.body.receiptId !== paymentId) {
      throw new Violation(`paid order ${order.id}: receipt ${paid.body.receiptId}, paid ${paymentId}`);
    }
    const placed = this.report.orders.find((o) => o.id === order.id);
    if (placed) placed.confirmed = true;

    if (this.chance(0.1)) {
      // a late retry of the create request (say, after a reconnect): the same order, nothing new
      this.report.retries.afterPayment += 1;
      const late = await this.http.request<Order>('orderCreateRetry', '/api/private/order/orders', { json: body });
      expectStatus(late, 200, 'orderCreate (repeat after payment)');
      if (late.body.id !== order.id || late.body.number !== order.number || !isPaidState(late.body.state)) {
        throw new Violation(`a repeat after payment of order ${order.id} answered ${late.body.id} ${late.body.state}`);
      }
    }
  }

  private async startPayment(registryId: number, order: Order): Promise<PaymentResponse> {
    const started = await this.http.request<PaymentResponse>(
      'registryPayment',
      '/api/private/order/orders/registry/payment?clientType=site',
      { json: { registryId } },
    );
    expectStatus(started, 200, 'registryPayment');
    if (started.body.amount !== order.totalPrice) {
      throw new Violation(
        `payment of order ${order.id}: amount ${started.body.amount}, order total ${order.totalPrice}`,
      );
    }
    return started.body;
  }

  /** The hosted page, then its form: the answer is the redirect back to the storefront. */
  private async decide(url: string, decision: 'pay' | 'decline'): Promise<string> {
    const path = new URL(url).pathname;
    const page = await this.http.request<string>('sandboxPage', path);
    expectStatus(page, 200, 'sandboxPage');
    return this.submit(path, decision);
  }

  /** The page's form post; answers the `payment` result of the redirect back (success / failure). */
  private async submit(path: string, decision: 'pay' | 'decline'): Promise<string> {
    const done = await this.http.request<string>('sandboxPay', path, { form: { decision }, manualRedirect: true });
    expectStatus(done, 303, 'sandboxPay');
    const location = done.headers.get('location') ?? '';
    return new URL(location, this.http.baseUrl).searchParams.get('payment') ?? `no result in "${location}"`;
  }
}

function describe(error: unknown): NonNullable<CustomerReport['failure']> {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Violation) return { kind: 'violation', message };
  if (error instanceof UnexpectedStatus) return { kind: 'unexpected', message };
  if (error instanceof NetworkError) return { kind: 'network', message };
  return { kind: 'error', message: error instanceof Error ? (error.stack ?? message) : message };
}
