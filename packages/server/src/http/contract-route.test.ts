/** The route-registration helper against the whole route table, with Fastify's own Ajv and serializer. */
import { type RouteKey, routes } from '@lab/api/contract';
import Fastify from 'fastify';
import { AJV_OPTIONS } from '../app';
import { useTestApp } from '../test-support/harness';
import { call } from '../test-support/http';
import { type ContractHandler, contractRoute, contractRoutesPlugin, contractUrl } from './contract-route';

describe('contract routes', () => {
  const t = useTestApp();
  const keys = Object.keys(routes) as RouteKey[];

  it('registers every route of the table (implemented or 501) with schemas that compile', async () => {
    const registered = keys.filter((key) => t.app.hasRoute({ method: routes[key].method, url: contractUrl(key) }));
    expect(registered).toEqual(keys);
  });

  it('prefixes each route by its client', () => {
    expect(contractUrl('settlementsList')).toBe('/api/public/user/branches/enabled/settlements');
    expect(contractUrl('cartGet')).toBe('/api/private/cart/carts');
    expect(contractUrl('appConfiguration')).toBe('/api/app/order/default/configuration');
  });

  it('validates formats with Fastify’s Ajv: date, uuid', async () => {
    const registration = {
      firstName: { uk: 'Олена' },
      lastName: { uk: 'Коваленко' },
      middleName: { uk: 'Петрівна' },
      birthDay: '1990-02-30',
      genderId: 2,
    };
    const badDate = await call(t.app, 'registrationRegister', { params: { id: 'r1' }, body: registration });
    expect(badDate.body).toEqual({ code: 'validation-error', message: 'Невірний формат', field: 'birthDay' });
    const goodDate = await call(t.app, 'registrationRegister', {
      params: { id: 'r1' },
      body: { ...registration, birthDay: '1990-02-28' },
    });
    // past validation: the handler answers (here: no approved registration with that id)
    expect(goodDate.body).toMatchObject({ code: 'registration-not-approved' });
    const badUuid = await call(t.app, 'cartGuestGet', { params: { cartId: 'not-a-uuid' }, query: { settlementId: 1 } });
    expect(badUuid.body).toMatchObject({ code: 'validation-error', field: 'cartId' });
  });

  it('names the nested form field by its top property', async () => {
    const res = await call(t.app, 'registrationRegister', {
      params: { id: 'r1' },
      body: {
        firstName: { uk: 'Олена2' },
        lastName: { uk: 'К' },
        middleName: { uk: 'П' },
        birthDay: '1990-01-01',
        genderId: 1,
      },
    });
    expect(res.body).toEqual({ code: 'validation-error', message: 'Невірний формат', field: 'firstName' });
  });

  it('refuses to register a route twice', async () => {
    const app = Fastify({ ajv: AJV_OPTIONS });
    await app.register(contractRoutesPlugin);
    const handler: ContractHandler<'genders'> = async () => [];
    contractRoute(app, 'genders', handler);
    expect(() => contractRoute(app, 'genders', handler)).toThrow('registered twice');
    await app.close();
  });
});

// Compile-time checks (tsc): handlers must return the contract's shape.
// @ts-expect-error a genders handler cannot answer settlements
const wrongShape: ContractHandler<'genders'> = async () => ({ settlements: [], branchCount: 0 });
// @ts-expect-error request.params.id of settlementBranches is a number
const wrongParam: ContractHandler<'settlementBranches'> = async (request) => request.params.id.toUpperCase();
void wrongShape;
void wrongParam;
