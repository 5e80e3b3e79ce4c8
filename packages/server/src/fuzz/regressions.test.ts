/**
 * The failures the OpenAPI fuzz (openapi.test.ts) found, pinned as plain cases: each answered 500 or an
 * error body of the wrong shape before its fix.
 */
import { createPatientUser, sessionCookie } from '../test-support/accounts';
import { useTestApp } from '../test-support/harness';

const t = useTestApp();

async function send(method: 'GET' | 'POST', url: string, options: { body?: string; contentType?: string } = {}) {
  const user = await createPatientUser(t.db);
  const headers: Record<string, string> = {
    'sec-fetch-site': 'same-origin',
    cookie: await sessionCookie(t.app, user.userId),
  };
  if (options.body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  const res = await t.app.inject({
    method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body }),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

const search = (extra: string) => `{"settlementId":1,"query":"феритин","types":["services"]${extra}}`;

describe('fuzz findings', () => {
  it('refuses numbers coerced to Infinity (Ajv skips minimum/maximum for them)', async () => {
    expect(
      await send('POST', '/api/public/search/search', {
        body: '{"settlementId":"Infinity","query":"a","types":["services"]}',
      }),
    ).toMatchObject({
      status: 400,
      body: { code: 'validation-error', field: 'settlementId' },
    });
    expect(
      await send('GET', '/api/public/content/services/groups/popular/services/infos?settlementId=1e309'),
    ).toMatchObject({
      status: 400,
      body: { code: 'validation-error', field: 'settlementId' },
    });
    expect(await send('GET', '/api/private/registry/registries/self/patient/1?size=-Infinity')).toMatchObject({
      status: 400,
      body: { code: 'validation-error', field: 'size' },
    });
    expect(
      await send('POST', '/api/public/user/branches/enabled/settlements/near', { body: '{"lat":1,"lon":"Infinity"}' }),
    ).toMatchObject({ status: 400, body: { field: 'lon' } });
  });

  it('answers an empty page for pages past any integer offset', async () => {
    for (const page of ['2147483648', '1e308']) {
      const res = await send('POST', '/api/public/search/search', { body: search(`,"page":${page}`) });
      expect(res.status).toBe(200);
      const news = await send('GET', `/api/public/content/news?page=${page}`);
      expect(news).toMatchObject({ status: 200, body: { content: [] } });
    }
  });

  it('refuses ids past the integer range in comma-separated lists', async () => {
    const res = await send(
      'GET',
      '/api/private/admin-app/registries/self?customer-type=patient&service-ids=1,9007199254740994',
    );
    expect(res).toMatchObject({ status: 400, body: { code: 'validation-error', field: 'service-ids' } });
    expect(await send('GET', '/api/public/content/news?excludeIds=99999999999999999999')).toMatchObject({
      status: 400,
      body: { field: 'excludeIds' },
    });
  });

  it('takes NUL in a promo code, a receipt id and a results filter without a database error', async () => {
    expect(await send('GET', '/api/public/service/discounts/search/SPRING%0010')).toMatchObject({
      status: 404,
      body: { code: 'wrong-promo' },
    });
    expect(
      await send('GET', '/api/private/finance/transactions/payment/checkbox/receipt/a%00b/pdf/base64'),
    ).toMatchObject({
      status: 404,
    });
    expect((await send('GET', '/api/private/admin-app/registries/self?customer-type=patient&query=%00')).status).toBe(
      200,
    );
  });

  it('answers router errors with the error body', async () => {
    expect(await send('GET', '/api/public/content/news/slug/%E0%A4%A')).toEqual({
      status: 400,
      body: { code: 'bad-request', message: expect.any(String) },
    });
    expect(await send('GET', `/api/public/content/news/slug/${'a'.repeat(2000)}`)).toEqual({
      status: 414,
      body: { code: 'bad-request', message: expect.any(String) },
    });
  });

  it('answers a multipart upload without a boundary 400, not 500', async () => {
    const res = await send('POST', '/api/private/patient/patients/self/photo', {
      body: 'garbage',
      contentType: 'multipart/form-data',
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'photo-invalid', field: 'file' } });
  });
});
