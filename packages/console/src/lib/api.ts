// The deploy API as the console calls it: same origin, the team token as `Authorization: Bearer` (never a
// cookie). Every answer that is not 2xx becomes an ApiError with the API's stable `code`.

export interface Whoami {
  readonly tokenId: string;
  readonly team: string;
  readonly name: string;
  /** app folders, or ["*"]: every app, the shell included */
  readonly apps: readonly string[];
}

export interface Canary {
  readonly version: string;
  readonly percent: number;
  readonly judged?: unknown;
}

export interface LiveRemote {
  readonly version: string;
  readonly previous?: readonly unknown[];
  readonly canary?: Canary;
}

export interface Deployment {
  readonly version: number;
  /** every app the site composes: those served from their build are in no other field */
  readonly apps: readonly string[];
  readonly shell: { readonly version: string; readonly previous?: readonly unknown[] } | null;
  readonly remotes: Readonly<Record<string, LiveRemote>>;
}

export interface Figures {
  readonly version: string;
  readonly pageViews: number;
  readonly failedViews: number;
  readonly failureRate: number | null;
  readonly apiCalls: number;
  readonly apiErrors: number;
  readonly lcpP75: number | null;
  readonly lcpSamples: number;
  readonly inpP75: number | null;
  readonly inpSamples: number;
}

export type MeasureKey = 'slotFailures' | 'lcp' | 'inp' | 'apiErrors';

export interface Measure {
  readonly key: MeasureKey;
  readonly required: boolean;
  readonly judged: boolean;
  readonly worse: boolean;
  readonly text: string;
}

export interface CanaryReport {
  readonly app: string;
  readonly generatedAt: string;
  readonly live: { readonly version: string } | null;
  readonly canary: {
    readonly version: string;
    readonly percent: number;
    readonly judged: boolean;
    readonly since: string;
  } | null;
  readonly figures?: { readonly stable: Figures; readonly canary: Figures };
  readonly verdict?: 'wait' | 'widen' | 'rollback';
  readonly next?: number;
  readonly reason?: string;
  readonly measures?: readonly Measure[];
  readonly rules: { readonly steps: readonly number[] };
}

export interface SeriesPoint {
  readonly at: string;
  readonly pageViews: number;
  readonly failedViews: number;
  readonly failureRate: number;
  readonly lcpP75: number | null;
  readonly inpP75: number | null;
}

export type Role = 'live' | 'canary' | 'earlier';

export interface Vitals {
  readonly app: string;
  readonly hours: number;
  readonly bucketMinutes: number;
  readonly from: string;
  readonly to: string;
  readonly releases: readonly {
    readonly version: string;
    readonly role: Role;
    readonly points: readonly SeriesPoint[];
  }[];
}

export interface HistoryEntry {
  readonly at: string;
  readonly by: string;
  readonly app: string;
  readonly action: string;
  readonly from?: string | null;
  readonly to?: string | null;
  readonly version?: string | null;
  readonly share?: number;
  readonly percent?: number;
  readonly reason?: string;
  readonly deployment?: number;
}

export interface MoveResult {
  readonly app: string;
  readonly version: string | null;
  readonly from: string | null;
  readonly deployment: number;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly app?: string,
  ) {
    super(message);
  }
}

export type Move = 'widen' | 'promote' | 'rollback' | 'canary';

export interface Release {
  readonly version: string;
  readonly packageVersion: string | null;
  readonly commit: string | null;
  readonly builtAt: string;
}

export function createApi(token: string) {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    let answer: Response;
    try {
      answer = await fetch(path, {
        method,
        credentials: 'omit',
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    } catch {
      throw new ApiError(0, 'network', 'network');
    }
    const text = await answer.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (!answer.ok) {
      const problem = (parsed ?? {}) as { code?: string; message?: string; app?: string };
      const code = answer.status === 429 ? 'rate-limited' : (problem.code ?? 'unknown');
      throw new ApiError(answer.status, code, problem.message ?? `HTTP ${answer.status}`, problem.app);
    }
    return parsed as T;
  }
  const app = (name: string) => `/v1/apps/${encodeURIComponent(name)}`;
  return {
    whoami: () => call<Whoami>('GET', '/v1/whoami'),
    deployment: () => call<Deployment>('GET', '/v1/deployment'),
    history: (limit = 30) => call<readonly HistoryEntry[]>('GET', `/v1/history?limit=${limit}`),
    canaryReport: (name: string) => call<CanaryReport>('GET', `${app(name)}/canary-report`),
    releases: (name: string) => call<readonly Release[]>('GET', `${app(name)}/releases`),
    vitals: (name: string, hours: number) => call<Vitals>('GET', `${app(name)}/vitals?hours=${hours}`),
    move: (name: string, move: Move, body: object) => call<MoveResult>('POST', `${app(name)}/${move}`, body),
  };
}

export type Api = ReturnType<typeof createApi>;
