import type { Discount } from '@lab/api/contract';
import { useTestApp } from '../../../test-support/harness';
import { call, ok } from '../../../test-support/http';

const t = useTestApp();
const WRONG_PROMO_UK = {
  code: 'wrong-promo',
  message: 'Промокод недійсний або термін його дії закінчився',
  field: 'code',
};

describe('GET discount by code (service/discounts/search/{code})', () => {
  it('answers a valid code, in any letter case, with its fraction and the end of its last day (Kyiv)', async () => {
    const discount = await ok<Discount>(t.app, 'discountByCode', { params: { code: 'spring10' } });
    // 2026-12-31 23:59:59 in Kyiv (UTC+2)
    expect(discount).toEqual({ code: 'SPRING10', value: 0.1, validTo: '2026-12-31T21:59:59.000Z' });
  });

  it.each([
    ['expired', 'OLD5'],
    ['used up', 'ONCE'],
    ['not yet valid', 'FUTURE'],
    ['unknown', 'NO-SUCH-CODE'],
  ])('answers 404 wrong-promo for an %s code', async (_, code) => {
    const res = await call(t.app, 'discountByCode', { params: { code } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(WRONG_PROMO_UK);
  });

  it('localizes the wrong-promo message in Russian', async () => {
    const res = await call(t.app, 'discountByCode', { params: { code: 'OLD5' }, language: 'ru' });
    expect(res.body).toEqual({
      code: 'wrong-promo',
      message: 'Промокод недействителен или срок его действия истёк',
      field: 'code',
    });
  });

  it('counts validity in Kyiv days: the last day lasts until Kyiv midnight', async () => {
    t.setNow('2026-12-31T21:30:00Z'); // 23:30 on 31 December in Kyiv
    expect((await call(t.app, 'discountByCode', { params: { code: 'SPRING10' } })).status).toBe(200);
    t.setNow('2026-12-31T22:00:00Z'); // 00:00 on 1 January in Kyiv
    expect((await call(t.app, 'discountByCode', { params: { code: 'SPRING10' } })).status).toBe(404);
    t.setNow('2027-01-01T00:00:00Z');
    expect(await ok<Discount>(t.app, 'discountByCode', { params: { code: 'future' } })).toMatchObject({ value: 0.2 });
  });

  it('rejects a code longer than 50 characters with 400', async () => {
    const res = await call(t.app, 'discountByCode', { params: { code: 'X'.repeat(51) } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation-error', field: 'code' });
  });
});
