/** Every response's status and time per route name, summed up per route group (printed, never asserted). */

/** Route name -> group in the printed table. */
const GROUPS: ReadonlyArray<readonly [string, readonly string[]]> = [
  [
    'browse',
    [
      'settlementsList',
      'settlementBranches',
      'serviceGroupTree',
      'serviceList',
      'serviceBySlug',
      'servicesPopular',
      'serviceClientsBuy',
      'genders',
    ],
  ],
  ['search', ['search']],
  ['cart', ['cartGuestCreate', 'cartGuestAdd', 'cartGuestGet', 'cartGet', 'cartAdd', 'cartMerge']],
  [
    'sign-in',
    ['authPhone', 'smsOutbox', 'login', 'registrationApprove', 'registrationRegister', 'patientSelf', 'logout'],
  ],
  ['order', ['orderCreate', 'orderCreateRetry', 'orderGet', 'registriesList']],
  ['payment', ['registryCreate', 'registryPayment', 'sandboxPage', 'sandboxPay']],
];

export function groupOf(route: string): string {
  return GROUPS.find(([, routes]) => routes.includes(route))?.[0] ?? 'other';
}

export interface Sample {
  readonly status: number;
  readonly ms: number;
}

export interface GroupSummary {
  readonly group: string;
  readonly requests: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  readonly status5xx: number;
  readonly networkErrors: number;
}

export interface FiveXx {
  readonly route: string;
  readonly status: number;
}

export class Recorder {
  private readonly samples = new Map<string, Sample[]>();

  record(route: string, status: number, ms: number): void {
    let list = this.samples.get(route);
    if (!list) {
      list = [];
      this.samples.set(route, list);
    }
    list.push({ status, ms });
  }

  /** All samples of all recorders, per route. */
  static merge(recorders: readonly Recorder[]): Recorder {
    const merged = new Recorder();
    for (const recorder of recorders) {
      for (const [route, list] of recorder.samples) for (const s of list) merged.record(route, s.status, s.ms);
    }
    return merged;
  }

  get total(): number {
    let n = 0;
    for (const list of this.samples.values()) n += list.length;
    return n;
  }

  /** Responses with a 5xx status (route and status), and network failures (status 0). */
  failures(): { fiveXx: FiveXx[]; network: string[] } {
    const fiveXx: FiveXx[] = [];
    const network: string[] = [];
    for (const [route, list] of this.samples) {
      for (const s of list) {
        if (s.status >= 500) fiveXx.push({ route, status: s.status });
        else if (s.status === 0) network.push(route);
      }
    }
    return { fiveXx, network };
  }

  summary(): GroupSummary[] {
    const byGroup = new Map<string, Sample[]>();
    for (const [route, list] of this.samples) {
      const group = groupOf(route);
      byGroup.set(group, [...(byGroup.get(group) ?? []), ...list]);
    }
    const all = [...this.samples.values()].flat();
    const order = [...GROUPS.map(([group]) => group), 'other'];
    return [
      ...order.filter((group) => byGroup.has(group)).map((group) => summarize(group, byGroup.get(group) ?? [])),
      summarize('all', all),
    ];
  }
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

function summarize(group: string, samples: readonly Sample[]): GroupSummary {
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    group,
    requests: samples.length,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    max: round(times[times.length - 1] ?? 0),
    status5xx: samples.filter((s) => s.status >= 500).length,
    networkErrors: samples.filter((s) => s.status === 0).length,
  };
}
