/** The laboratory's information system in route tests: its keys, and its calls to the intake. */
import type { LisResultRow } from '@lab/api/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { newLisKey } from '../repositories/lis';

let systems = 0;

/** A new system (scoped to settlements, or every order) with one key; answers the key. */
export async function createLisKey(
  app: FastifyInstance,
  options: { system?: string; settlementIds?: number[] | null; name?: string } = {},
): Promise<{ key: string; system: string; systemId: number; name: string }> {
  systems += 1;
  const system = options.system ?? `test-lis-${process.pid % 10000}-${systems}`;
  const systemId = await app.repos.lis.upsertSystem({
    key: system,
    title: `Тестова лабораторія ${systems}`,
    settlementIds: options.settlementIds ?? null,
  });
  const key = newLisKey();
  const name = options.name ?? `key-${systems}`;
  await app.repos.lis.addKey(systemId, name, key);
  return { key, system, systemId, name };
}

/** A call of the intake as a laboratory system makes it: the key in X-Api-Key, no browser headers. */
export function lisCall(
  app: FastifyInstance,
  key: string | null,
  request: { method?: 'GET' | 'POST' | 'OPTIONS'; url: string; body?: unknown; headers?: Record<string, string> },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
    url: request.url,
    headers: {
      ...(key === null ? {} : { 'x-api-key': key }),
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...request.headers,
    },
    ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
  });
}

export function publish(
  app: FastifyInstance,
  key: string,
  orderNumber: string,
  results: ReadonlyArray<Partial<LisResultRow> & Record<string, unknown>>,
): Promise<LightMyRequestResponse> {
  return lisCall(app, key, { url: '/api/lis/results', body: { orderNumber, results } });
}

/** Plausible rows of the fixture's analyses: the blood count (2001) and ferritin (2002). */
export const CBC_ROWS = {
  HGB: { analyteCode: 'HGB', value: 128, unit: 'g/L', referenceRange: { low: 120, high: 150 } },
  RBC: { analyteCode: 'RBC', value: 4.52, unit: '10*12/L', referenceRange: { low: 3.8, high: 5.1 } },
  HCT: { analyteCode: 'HCT', value: 41.2, unit: '%', referenceRange: { low: 35, high: 45 } },
  WBC: { analyteCode: 'WBC', value: 6.1, unit: '10*9/L', referenceRange: { low: 4, high: 9 } },
  PLT: { analyteCode: 'PLT', value: 452, unit: '10*9/L', referenceRange: { low: 150, high: 400 } },
  FERR: { analyteCode: 'FERR', value: 9, unit: 'ug/L', referenceRange: { low: 13, high: 150 } },
} as const;
