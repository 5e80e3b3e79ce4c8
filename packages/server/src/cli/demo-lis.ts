/**
 * `npm run demo:lis -- <order number> [--step partial|rest|both] [--pause 20]`: the demo laboratory
 * publishes an order's results through the real intake API (`/api/lis`), as a laboratory system would:
 * it asks what the order expects (GET /api/lis/orders/{number}), then posts plausible values in two
 * messages, about half of the indicators first ("partial": the order stays "awaiting results" and its
 * results page shows the rows that are in), then the rest ("results ready": the patient gets the SMS,
 * visible in the development SMS outbox). Posting a step again changes nothing (the rows' LIS ids).
 *
 * Settings: LIS_URL (the API, default http://localhost:4000; the site's /api proxy works too) and
 * LIS_API_KEY (default: the development key the server inserts outside production, LIS_DEV_KEY).
 * The demo patient's pending order is listed in packages/server/README.md ("Demo accounts").
 */
import { parseArgs } from 'node:util';
import type { LisExpectedAnalyte, LisOrder, LisResultRow, LisResultsResponse } from '@lab/api/contract';
import { DEV_LIS_KEY } from '../config';
import { ANALYTES, type AnalyteDefinition, generateResult } from '../domain/analytes';
import { LAB_VALIDATORS } from '../domain/lab-results';

const USAGE = 'usage: npm run demo:lis -- <order number> [--step partial|rest|both] [--pause <seconds>]';

interface Options {
  readonly url: string;
  readonly key: string;
}

async function lis<T>(options: Options, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${options.url.replace(/\/+$/, '')}/api/lis${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'x-api-key': options.key,
      'accept-language': 'uk',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${response.status} ${text}`);
  }
  return JSON.parse(text) as T;
}

/** A plausible row of an indicator, the same for the same order every time (so a repeat is a repeat). */
export function demoRow(order: LisOrder, analyte: LisExpectedAnalyte): LisResultRow {
  const definition: AnalyteDefinition = ANALYTES[analyte.code] ?? {
    code: analyte.code,
    title: { uk: analyte.title, ru: analyte.title },
    unit: null,
    qualitative: analyte.qualitative,
  };
  const generated = generateResult(definition, order.sex, `demo-lis:${order.orderNumber}:${analyte.code}`, {
    outOfRangeShare: 0.2,
  });
  const id = `DEMO-${order.orderNumber}-${analyte.code}`;
  // the demo laboratory's physician who validated the order's rows (named on the PDF)
  const validatedBy = LAB_VALIDATORS[Number(order.orderNumber) % LAB_VALIDATORS.length] ?? null;
  if (analyte.qualitative) {
    return { id, analyteCode: analyte.code, value: generated.found ? 'detected' : 'not-detected', validatedBy };
  }
  if (generated.value === null || analyte.unit === null) {
    return { id, analyteCode: analyte.code, value: generated.result, validatedBy };
  }
  const range = generated.referenceRange;
  return {
    id,
    analyteCode: analyte.code,
    validatedBy,
    value: generated.value,
    unit: analyte.unit,
    referenceRange: {
      ...(range?.low !== null && range?.low !== undefined ? { low: range.low } : {}),
      ...(range?.high !== null && range?.high !== undefined ? { high: range.high } : {}),
    },
  };
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { step: { type: 'string', default: 'both' }, pause: { type: 'string', default: '20' } },
  });
  const [orderNumber] = positionals;
  const step = values.step;
  const pause = Number(values.pause);
  if (!orderNumber || !/^\d+$/.test(orderNumber) || !['partial', 'rest', 'both'].includes(step ?? '')) {
    console.error(USAGE);
    return 2;
  }
  if (!Number.isFinite(pause) || pause < 0) {
    console.error(`--pause needs seconds, got "${values.pause}"`);
    return 2;
  }
  const options: Options = {
    url: process.env.LIS_URL?.trim() || 'http://localhost:4000',
    key: process.env.LIS_API_KEY?.trim() || process.env.LIS_DEV_KEY?.trim() || DEV_LIS_KEY,
  };
  const order = await lis<LisOrder>(options, `/orders/${orderNumber}`);
  console.log(`order ${order.orderNumber}: ${order.state}, ${order.analytes.length} indicators`);
  if (order.analytes.length === 0) {
    console.error('the order expects no results (sample-taking only)');
    return 1;
  }
  const half = order.analytes.length === 1 ? 1 : Math.ceil(order.analytes.length / 2);
  const messages: Array<[string, LisExpectedAnalyte[]]> = [];
  if (step === 'partial' || step === 'both') messages.push(['partial', order.analytes.slice(0, half)]);
  if (step === 'rest' || step === 'both') messages.push(['the rest', order.analytes.slice(half)]);
  for (const [index, [label, analytes]] of messages.entries()) {
    if (index > 0 && pause > 0) {
      console.log(`waiting ${pause} s (look at the order on the site now)…`);
      await new Promise((resolve) => setTimeout(resolve, pause * 1000));
    }
    if (analytes.length === 0) continue;
    const answer = await lis<LisResultsResponse>(options, '/results', {
      orderNumber: order.orderNumber,
      results: analytes.map((analyte) => demoRow(order, analyte)),
    });
    const outcomes = answer.rows.map((row) => `${row.analyteCode} ${row.outcome}`).join(', ');
    console.log(`${label}: ${outcomes} -> ${answer.state} (${answer.received} of ${answer.expected} in)`);
  }
  return 0;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`demo:lis failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
