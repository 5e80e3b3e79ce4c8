import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { API_ORIGIN } from '../support/api';
import { signIn } from '../support/journey';
import { repoRoot, Site } from '../support/site';

/**
 * Results that arrive: the laboratory's system publishes a pending demo order's results through the
 * real intake API (`npm run demo:lis`) in two messages; the patient sees the state change on the next
 * look at the orders, the rows that are in and how many are awaited, then all of them, and takes them
 * away as a FHIR file; the SMS is in the development outbox. The order is Бойко's referral by
 * Мельник (the demo patient Олена's pending order stays pending for the other journeys).
 */
const site = new Site({ basePort: 4500 });

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());

const BOIKO = '+380661110003';
const MELNYK = '+380671234567';

type OutboxMessage = { phone: string; text: string; code: string | null };

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (dir) mkdirSync(dir, { recursive: true });
  const body = await page.screenshot({ fullPage: true, path: dir ? join(dir, `${name}.png`) : undefined });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

/** Both widths of the same page: 1280, then 360 (a phone), then back. */
async function shots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.waitForLoadState('networkidle'); // the header's widgets drawn, not their placeholders
  await shot(page, testInfo, `${name}-1280`);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.waitForTimeout(300); // the layout settles (no assertion rests on it)
  await shot(page, testInfo, `${name}-360`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** `npm run demo:lis -- <number> --step <step>` against the journeys' API server. */
function demoLis(number: string, step: 'partial' | 'rest'): string {
  const run = spawnSync('npm', ['run', '--silent', 'demo:lis', '--', number, '--step', step], {
    cwd: repoRoot,
    env: { ...process.env, LIS_URL: API_ORIGIN },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

/**
 * The text of the page's first view as the shell's server sends it to this browser (its cookies): an
 * order's results are drawn there for the signed-in patient in every state (its largest text too).
 */
async function firstViewText(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(`${site.url}${path}`)).text();
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return main.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

async function outbox(phone: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${API_ORIGIN}/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}&limit=10`);
  return (await response.json()) as OutboxMessage[];
}

test.describe('results from the laboratory', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('arrive in two messages: partial, then complete; the patient is told and downloads them as FHIR', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await signIn(page, site.url, BOIKO);
    await page.goto(`${site.url}/account/orders`);
    await page.getByRole('radio', { name: 'За весь час' }).check();
    const pending = page.getByTestId('order-card').filter({ hasText: 'Очікує результатів' }).first();
    await expect(pending).toBeVisible();
    const number = ((await pending.getByRole('heading').textContent()) ?? '').replace(/\D/g, '');
    expect(number).toMatch(/^\d+$/);
    const card = page
      .getByTestId('order-card')
      .filter({ has: page.getByRole('heading', { name: new RegExp(`№\\s${number}$`) }) });
    await expect(card.getByRole('link', { name: /результати/ })).toHaveCount(0);

    // the first message: about half of the indicators
    const partial = demoLis(number, 'partial');
    const [, received, expected] = /\((\d+) of (\d+) in\)/.exec(partial) ?? [];
    expect(Number(received)).toBeGreaterThan(0);
    expect(Number(received)).toBeLessThan(Number(expected));

    await page.reload(); // the next look at the orders
    await expect(card).toContainText('Очікує результатів');
    await expect(card.getByTestId('results-progress')).toHaveText(`готові ${received} з ${expected} показників`);
    await shots(page, testInfo, 'orders-partial');
    await card.getByRole('link', { name: /^Готові результати/ }).click();
    await expect(page).toHaveURL(/\/account\/results\/\d+$/);
    const registryId = page.url().replace(/.*\//, '');
    const notice = page.getByTestId('results-partial');
    await expect(notice).toContainText(
      `Готові показники: ${received} з ${expected}. Ще очікується: ${Number(expected) - Number(received)}`,
    );
    await expect(page.getByTestId('result-row')).toHaveCount(Number(received));
    await expect(page.getByText('Готуються')).toBeVisible();
    await shots(page, testInfo, 'results-partial');
    const partialView = await firstViewText(page, `/account/results/${registryId}`);
    expect(partialView).toContain(`Готові показники: ${received} з ${expected}`);
    expect(partialView).toContain(`№ ${number}`);
    // nothing is said before the results are ready
    expect((await outbox(BOIKO)).filter((message) => message.text.includes('результати готові'))).toEqual([]);

    // the second message: the rest
    expect(demoLis(number, 'rest')).toContain('results-ready');
    await page.reload();
    await expect(page.getByTestId('results-partial')).toHaveCount(0);
    await expect(page.getByTestId('result-row')).toHaveCount(Number(expected));
    await expect(page.getByText('Усі результати готові')).toBeVisible();
    await shots(page, testInfo, 'results-ready');
    const readyView = await firstViewText(page, `/account/results/${registryId}`);
    expect(readyView).toContain('Усі результати готові');
    expect(readyView).not.toContain('Часткові результати');

    // the FHIR file beside the PDF
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Файл для медичних застосунків (FHIR)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`results-${number}.fhir.json`);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const bundle = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      resourceType: string;
      type: string;
      entry: Array<{
        resource: { resourceType: string; status?: string; code?: { coding?: Array<{ system: string }> } };
      }>;
    };
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const kinds = bundle.entry.map((entry) => entry.resource.resourceType);
    expect(kinds.filter((kind) => kind === 'Observation')).toHaveLength(Number(expected));
    expect(kinds).toEqual(expect.arrayContaining(['Patient', 'DiagnosticReport']));
    expect(bundle.entry.find((entry) => entry.resource.resourceType === 'DiagnosticReport')?.resource.status).toBe(
      'final',
    );
    expect(JSON.stringify(bundle)).toContain('http://loinc.org');

    // the orders page's next look: results ready
    await page.goto(`${site.url}/account/orders`);
    await page.getByRole('radio', { name: 'За весь час' }).check();
    await expect(card).toContainText('Результати готові');
    await expect(card.getByRole('link', { name: /^Результати/ })).toBeVisible();
    await shots(page, testInfo, 'orders-ready');

    // the SMS: to the patient and to the referring doctor, once, with no medical data
    await expect
      .poll(async () => (await outbox(BOIKO)).filter((message) => message.text.includes('результати готові')).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const [toPatient] = (await outbox(BOIKO)).filter((message) => message.text.includes('результати готові'));
    expect(toPatient?.text).toMatch(
      new RegExp(`^Медична лабораторія: результати готові\\. .*/account/results/${registryId}$`),
    );
    expect(toPatient?.code).toBeNull();
    await expect
      .poll(
        async () => (await outbox(MELNYK)).filter((message) => message.text.includes(`/results/${registryId}`)).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    // the same message again changes nothing and sends nothing
    expect(demoLis(number, 'rest')).toContain('unchanged');
    await page.waitForTimeout(3000); // a round of the sender (an absence cannot be polled for)
    expect((await outbox(BOIKO)).filter((message) => message.text.includes('результати готові'))).toHaveLength(1);
  });

  test('the SMS switch in personal data is kept by the server', async ({ page }, testInfo) => {
    await signIn(page, site.url, BOIKO);
    await page.goto(`${site.url}/account/personal-information`);
    const toggle = page.getByRole('switch', { name: 'SMS, коли результати готові' });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(page.getByText('Збережено: SMS більше не надходитимуть')).toBeVisible();
    await page.reload();
    await expect(toggle).not.toBeChecked();
    await page.getByTestId('results-notices').scrollIntoViewIfNeeded();
    await shots(page, testInfo, 'personal-sms-off');
    await toggle.click();
    await expect(page.getByText('Збережено: SMS надходитимуть')).toBeVisible();
    await page.reload();
    await expect(toggle).toBeChecked();
  });
});
