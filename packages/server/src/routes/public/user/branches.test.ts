import type { Branch, SettlementsListResponse } from '@lab/api/contract';
import { useTestApp } from '../../../test-support/harness';
import { call, ok } from '../../../test-support/http';

const t = useTestApp();

// fixture ids: 1 kyiv, 2 lviv, 3 odesa, 4 brovary, 5 irpin (partner only), 6 fastiv (no branches)
const KYIV = 1;

describe('GET settlements (user/branches/enabled/settlements)', () => {
  it('lists settlements with branches, most branches first, ties alphabetically, with the total count', async () => {
    const body = await ok<SettlementsListResponse>(t.app, 'settlementsList', {
      query: { sort: 'top-branches-count', includePartners: true },
    });
    expect(body.settlements.map((s) => s.sourceId)).toEqual(['kyiv', 'lviv', 'brovary', 'irpin', 'odesa']);
    expect(body.branchCount).toBe(9);
    expect(body.settlements[0]).toEqual({ id: KYIV, title: 'Київ', sourceId: 'kyiv', lat: 50.4501, lon: 30.5234 });
  });

  it('leaves partner branches out when includePartners=false', async () => {
    const body = await ok<SettlementsListResponse>(t.app, 'settlementsList', {
      query: { sort: 'top-branches-count', includePartners: false },
    });
    expect(body.settlements.map((s) => s.sourceId)).toEqual(['kyiv', 'lviv', 'brovary', 'odesa']);
    expect(body.branchCount).toBe(7);
  });

  it('sorts alphabetically (Ukrainian order, not code points) without sort, partners included by default', async () => {
    const body = await ok<SettlementsListResponse>(t.app, 'settlementsList');
    expect(body.settlements.map((s) => s.title)).toEqual(['Бровари', 'Ірпінь', 'Київ', 'Львів', 'Одеса']);
  });

  it('answers titles in Russian for Accept-Language ru', async () => {
    const body = await ok<SettlementsListResponse>(t.app, 'settlementsList', {
      query: { sort: 'top-branches-count' },
      language: 'ru',
    });
    expect(body.settlements.map((s) => s.title)).toEqual(['Киев', 'Львов', 'Бровары', 'Ирпень', 'Одесса']);
  });

  it('rejects an unknown sort with 400 and the field', async () => {
    const res = await call(t.app, 'settlementsList', { query: { sort: 'alphabet' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'validation-error', message: 'Недопустиме значення', field: 'sort' });
  });
});

describe('POST nearest settlement (user/branches/enabled/settlements/near)', () => {
  const near = (body: unknown, query: Record<string, boolean> = { includePartners: true }, language?: string) =>
    call(t.app, 'settlementNearest', { body, query, ...(language ? { language } : {}) });

  it.each([
    ['Kyiv centre', 50.45, 30.52, 1],
    ['Lviv', 49.84, 24.03, 2],
    ['Odesa', 46.47, 30.74, 3],
    ['Brovary, next to Kyiv', 50.51, 30.79, 4],
    ['Irpin (partner branch)', 50.52, 30.25, 5],
    ['Uzhhorod, far west', 48.62, 22.29, 2],
  ])('finds %s', async (_, lat, lon, id) => {
    const res = await near({ lat, lon });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id });
  });

  it('skips settlements with partner branches only when includePartners=false', async () => {
    const res = await near({ lat: 50.52, lon: 30.25 }, { includePartners: false });
    expect(res.body).toEqual({ id: KYIV });
  });

  it.each([
    [{ lat: 200, lon: 30 }, 'lat', 'Значення поза допустимими межами'],
    [{ lat: 50 }, 'lon', 'Обов’язкове поле'],
    [{ lat: 'north', lon: 30 }, 'lat', 'Невірний тип значення'],
    [{ lat: 50, lon: 30, city: 'Kyiv' }, 'city', 'Невідоме поле'],
  ])('rejects %j with 400 naming %s', async (body, field, message) => {
    const res = await near(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'validation-error', message, field });
  });

  it('localizes validation messages in Russian', async () => {
    const res = await near({ lat: 50 }, { includePartners: true }, 'ru');
    expect(res.body).toEqual({ code: 'validation-error', message: 'Обязательное поле', field: 'lon' });
  });

  it('rejects a body that is not JSON', async () => {
    const res = await near('{"lat": 50,');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'bad-request' });
  });
});

describe('GET branches of a settlement (user/branches/settlements/{id}/enabled)', () => {
  const branches = async (id: number, query: Record<string, boolean> = {}, language?: string) =>
    ok<Branch[]>(t.app, 'settlementBranches', { params: { id }, query, ...(language ? { language } : {}) });
  const statuses = async () =>
    Object.fromEntries((await branches(KYIV, { includePartners: false })).map((b) => [b.address, b.status]));
  const STANDARD = 'вул. Хрещатик, 1'; // Mon-Fri 08-20, Sat 08-15
  const ALWAYS = 'просп. Берестейський, 10'; // 24/7
  const DAILY = 'вул. Драгоманова, 5'; // every day 07:30-19:00

  it('lists the branches with address, schedule and service flags', async () => {
    const list = await branches(KYIV);
    expect(list).toHaveLength(4);
    const first = list[0];
    expect(first).toMatchObject({
      settlementId: KYIV,
      address: STANDARD,
      partner: false,
      phone: '+380441234567',
      services: { covidTest: true, cardTerminal: true, ramp: true, everyDay: false },
    });
    expect(first?.schedule).toHaveLength(7);
    expect(first?.schedule[0]).toEqual({ weekday: 1, opensAt: '08:00', closesAt: '20:00' });
    expect(first?.schedule[6]).toEqual({ weekday: 7, opensAt: null, closesAt: null });
    expect(list.at(-1)?.partner).toBe(true);
  });

  it('leaves partners out when includePartners=false', async () => {
    expect((await branches(KYIV, { includePartners: false })).every((b) => !b.partner)).toBe(true);
    expect(await branches(5, { includePartners: false })).toEqual([]);
  });

  it('answers addresses in Russian', async () => {
    const list = await branches(KYIV, {}, 'ru');
    expect(list[0]?.address).toBe('ул. Крещатик, 1');
  });

  it('is open on a weekday at noon (Kyiv time)', async () => {
    t.setNow('2026-11-18T10:00:00Z'); // Wednesday 12:00 Kyiv (UTC+2)
    expect(await statuses()).toEqual({ [STANDARD]: 'open', [ALWAYS]: 'open', [DAILY]: 'open' });
  });

  it('is closing soon within the last hour, and exactly one hour before closing', async () => {
    t.setNow('2026-11-18T17:30:00Z'); // Wednesday 19:30 Kyiv
    expect(await statuses()).toEqual({ [STANDARD]: 'closing-soon', [ALWAYS]: 'open', [DAILY]: 'closed' });
    t.setNow('2026-11-18T16:00:00Z'); // Wednesday 18:00 Kyiv: DAILY closes at 19:00
    expect(await statuses()).toEqual({ [STANDARD]: 'open', [ALWAYS]: 'open', [DAILY]: 'closing-soon' });
  });

  it('is closed at and after closing time and before opening', async () => {
    t.setNow('2026-11-18T18:00:00Z'); // Wednesday 20:00 Kyiv
    expect((await statuses())[STANDARD]).toBe('closed');
    t.setNow('2026-11-18T05:00:00Z'); // Wednesday 07:00 Kyiv
    expect(await statuses()).toEqual({ [STANDARD]: 'closed', [ALWAYS]: 'open', [DAILY]: 'closed' });
  });

  it('follows the Saturday hours and is closed on Sunday', async () => {
    t.setNow('2026-11-21T12:30:00Z'); // Saturday 14:30 Kyiv, closes 15:00
    expect((await statuses())[STANDARD]).toBe('closing-soon');
    t.setNow('2026-11-22T10:00:00Z'); // Sunday 12:00 Kyiv
    expect(await statuses()).toEqual({ [STANDARD]: 'closed', [ALWAYS]: 'open', [DAILY]: 'open' });
  });

  it('uses summer time (UTC+3) in summer', async () => {
    t.setNow('2026-07-15T16:30:00Z'); // Wednesday 19:30 Kyiv (EEST)
    expect((await statuses())[STANDARD]).toBe('closing-soon');
    t.setNow('2026-07-15T17:00:00Z'); // 20:00 Kyiv
    expect((await statuses())[STANDARD]).toBe('closed');
  });

  it('answers an empty list for a settlement without branches', async () => {
    expect(await branches(6)).toEqual([]);
  });

  it('answers 404 with a localized message for an unknown settlement', async () => {
    const res = await call(t.app, 'settlementBranches', { params: { id: 999 } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'not-found', message: 'Місто не знайдено' });
    const ru = await call(t.app, 'settlementBranches', { params: { id: 999 }, language: 'ru' });
    expect(ru.body).toEqual({ code: 'not-found', message: 'Город не найден' });
  });

  it.each([
    ['abc', 'Невірний тип значення'],
    [0, 'Значення поза допустимими межами'],
  ])('rejects the id %j with 400', async (id, message) => {
    const res = await call(t.app, 'settlementBranches', { params: { id } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'validation-error', message, field: 'id' });
  });
});
