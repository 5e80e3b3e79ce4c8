/**
 * HTTP for one simulated customer: Node's fetch with its own cookie jar (like one browser profile), every
 * response's status and time recorded under a route name. A network failure is recorded as status 0.
 */
import type { Recorder } from './stats';
import { sleep } from './util';

export interface Reply<T> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

export interface RequestOptions {
  readonly method?: 'GET' | 'POST';
  /** JSON body (sets content-type). */
  readonly json?: unknown;
  /** Form body (application/x-www-form-urlencoded), like a browser's form post. */
  readonly form?: Record<string, string>;
  /** Do not follow redirects (the answer is the 3xx itself). */
  readonly manualRedirect?: boolean;
  /** Another origin than the customer's address (an instance's own development outbox). */
  readonly origin?: string;
}

export interface CustomerHttpOptions {
  /** A visitor's pause before each request, ms (none by default: the integrity runs press on). */
  readonly pause?: () => number;
  /**
   * Where the customer's phone gets its SMS: every instance's development outbox (each keeps what it
   * sent in memory); by default the customer's address.
   */
  readonly smsOutboxes?: readonly string[];
}

/** Thrown when the server could not be reached or the answer was not readable. */
export class NetworkError extends Error {}

export class CustomerHttp {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly recorder: Recorder,
    /** Each customer poses as its own client address (the server trusts X-Forwarded-For from loopback). */
    private readonly clientAddress: string,
    private readonly options: CustomerHttpOptions = {},
  ) {}

  get smsOutboxes(): readonly string[] {
    return this.options.smsOutboxes ?? [this.baseUrl];
  }

  /** Forgets every cookie: the next request is a new visitor's. */
  clearCookies(): void {
    this.cookies.clear();
  }

  hasCookie(name: string): boolean {
    return this.cookies.has(name);
  }

  async request<T>(route: string, path: string, options: RequestOptions = {}): Promise<Reply<T>> {
    const pause = this.options.pause?.() ?? 0;
    if (pause > 0) await sleep(pause);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-language': 'uk',
      'x-forwarded-for': this.clientAddress,
      'user-agent': 'lab-load/1.0',
    };
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const started = performance.now();
    let response: Response;
    let text: string;
    try {
      response = await fetch(new URL(path, options.origin ?? this.baseUrl), {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        ...(body === undefined ? {} : { body }),
        redirect: options.manualRedirect ? 'manual' : 'follow',
      });
      text = await response.text();
    } catch (error) {
      this.recorder.record(route, 0, performance.now() - started);
      throw new NetworkError(`${route}: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.recorder.record(route, response.status, performance.now() - started);
    this.storeCookies(response.headers);
    const type = response.headers.get('content-type') ?? '';
    let parsed: unknown = text;
    if (type.includes('application/json') && text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new NetworkError(`${route}: unreadable JSON (${response.status})`);
      }
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  private storeCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', raw = ''] = attribute.split('=');
        const k = key.trim().toLowerCase();
        if (k === 'max-age') return Number(raw) <= 0;
        if (k === 'expires') return Date.parse(raw) <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
