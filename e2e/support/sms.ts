import { API_ORIGIN } from './api';

type OutboxMessage = { phone: string; text: string; sentAt: string; code: string | null };

/**
 * The latest SMS code sent to `phone` (international form) by the development SMS gateway, read from
 * the API's development outbox (`GET /api/dev/sms-outbox`, absent in production). With `after`, waits
 * for a message sent after that moment (a resend, a second sign-in).
 */
export async function smsCode(phone: string, after?: Date): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    // the newest message with a code: a results-ready SMS to the same phone carries none
    const response = await fetch(`${API_ORIGIN}/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}&limit=5`);
    if (!response.ok) throw new Error(`SMS outbox answered ${response.status}`);
    const latest = ((await response.json()) as OutboxMessage[]).find((message) => message.code !== null);
    if (latest?.code && (!after || new Date(latest.sentAt) >= after)) return latest.code;
    if (Date.now() > deadline) throw new Error(`No SMS code for ${phone}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A phone nobody has used in this run: +38063XXXXXXX (the demo accounts are +38050, +38067, +38093), and the nine digits to type after "+38 (0". */
export function freshPhone(): { international: string; typed: string } {
  const subscriber = `63${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  return { international: `+380${subscriber}`, typed: subscriber };
}

/** Any 4-digit code other than `code`. */
export function wrongCode(code: string, seed = 1): string {
  return String((Number(code) + seed) % 10_000).padStart(4, '0');
}
