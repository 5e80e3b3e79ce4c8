// What many journeys do the same way: sign in as a visitor does, and ask axe for what would stop one.
import { expect, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { smsCode } from './sms';

/**
 * The sign-in modals of mf-auth, already open: the phone, then the code from the development SMS outbox.
 * Another journey of the run may have signed this phone in moments ago: the API's resend gate
 * (AUTH_RESEND_SECONDS in support/api.ts) then keeps the code stage closed, and it is waited out once.
 */
export async function signInThroughDialog(page: Page, phone: string): Promise<void> {
  const dialog = page.getByRole('dialog').first();
  for (let attempt = 0; ; attempt += 1) {
    const asked = new Date(Date.now() - 1000);
    await dialog.getByLabel('Номер телефону').fill('');
    await dialog.getByLabel('Номер телефону').pressSequentially(phone.slice(4)); // what follows "+38 (0"
    await dialog.getByRole('button', { name: 'Отримати код' }).click();
    const codeStage = page.getByRole('dialog', { name: 'Підтвердження номера' });
    const sent = await codeStage.waitFor({ timeout: 5000 }).then(
      () => true,
      () => false,
    );
    if (sent) {
      await codeStage.getByLabel('Код з SMS').fill(await smsCode(phone, asked));
      await codeStage.getByRole('button', { name: 'Підтвердити' }).click();
      break;
    }
    if (attempt > 0) throw new Error('the SMS code was refused twice');
    await page.waitForTimeout(4_000);
  }
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Signs in from the header of the site at `origin`, with the city prompt already answered. */
export async function signIn(page: Page, origin: string, phone: string): Promise<void> {
  await page.goto(origin);
  await page.evaluate(() => window.localStorage.setItem('cityShown', 'true'));
  await page.getByRole('button', { name: 'Увійти до особистого кабінету' }).click();
  await signInThroughDialog(page, phone);
}

/** axe's serious and critical violations on the page (or inside `selector`), one line each. */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  return (await axeViolations(page, { include: selector }))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
