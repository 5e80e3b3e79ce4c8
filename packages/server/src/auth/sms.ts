/**
 * Sending SMS. The development gateway writes each message to the server log and keeps the latest in
 * memory for the development outbox route (`GET /api/dev/sms-outbox?phone=...`, absent in production);
 * a real provider implements the same interface (see `createSmsGateway`).
 */
import type { FastifyBaseLogger } from 'fastify';

export interface SmsMessage {
  readonly phone: string;
  readonly text: string;
  readonly sentAt: string;
}

export interface SendOptions {
  /**
   * The sender's id of the message (the notification outbox's row): a provider that de-duplicates by
   * a client reference sends a message retried after a crash once.
   */
  readonly reference?: string;
}

export interface SmsGateway {
  readonly kind: string;
  /** Resolves when the provider accepted the message; rejects when it could not be sent. */
  send(phone: string, text: string, options?: SendOptions): Promise<void>;
}

/** The sign-in code in a message of `codeText`, or null (a results notice has none). */
export function codeOf(text: string): string | null {
  return /:\s(\d{4})\./.exec(text)?.[1] ?? null;
}

/** Development: the log and an in-memory outbox (the latest messages, 200 by default). */
export class DevSmsGateway implements SmsGateway {
  readonly kind = 'dev';
  private readonly messages: SmsMessage[] = [];
  /** References sent so far (as a provider de-duplicates them), the latest `capacity`. */
  private readonly references: string[] = [];

  constructor(
    private readonly log: FastifyBaseLogger | null,
    private readonly clock: () => Date = () => new Date(),
    private readonly capacity = 200,
  ) {}

  async send(phone: string, text: string, options: SendOptions = {}): Promise<void> {
    if (options.reference !== undefined) {
      if (this.references.includes(options.reference)) return;
      this.references.push(options.reference);
      if (this.references.length > this.capacity) this.references.shift();
    }
    this.messages.push({ phone, text, sentAt: this.clock().toISOString() });
    if (this.messages.length > this.capacity) this.messages.splice(0, this.messages.length - this.capacity);
    // development only: the message (with its code) in the log, so that a developer can sign in
    this.log?.info({ sms: { phone, text } }, 'development SMS');
  }

  /** The latest messages, newest first (all phones when `phone` is omitted). */
  outbox(phone?: string, limit = 10): SmsMessage[] {
    return this.messages
      .filter((message) => phone === undefined || message.phone === phone)
      .slice(-limit)
      .reverse();
  }
}

/** No provider configured (the production default until one is plugged in): every send fails. */
export class UnconfiguredSmsGateway implements SmsGateway {
  readonly kind = 'none';

  async send(): Promise<void> {
    throw new Error('No SMS provider is configured (SMS_PROVIDER)');
  }
}

/**
 * The gateway the settings name. A real provider goes here: an HTTP client with the provider's key
 * from the environment, which must never log the message text (it holds the code).
 */
export function createSmsGateway(
  provider: 'dev' | 'none',
  options: { production: boolean; log: FastifyBaseLogger | null; clock: () => Date; outboxSize?: number },
): SmsGateway {
  if (provider === 'dev' && !options.production) {
    return new DevSmsGateway(options.log, options.clock, options.outboxSize);
  }
  return new UnconfiguredSmsGateway();
}

/** The SMS text of a code, in the request's language. */
export function codeText(code: string, locale: 'uk' | 'ru'): string {
  return locale === 'ru'
    ? `Код для входа: ${code}. Никому его не сообщайте.`
    : `Код для входу: ${code}. Нікому його не повідомляйте.`;
}
