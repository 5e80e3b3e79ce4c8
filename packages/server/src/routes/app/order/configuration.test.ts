import type { AppConfiguration } from '@lab/api/contract';
import { useTestApp } from '../../../test-support/harness';
import { ok } from '../../../test-support/http';

describe('GET app configuration (app/order/default/configuration)', () => {
  const t = useTestApp();

  it('answers the system payment type (online) and the online discount (5 %) by default', async () => {
    expect(await ok<AppConfiguration>(t.app, 'appConfiguration')).toEqual({
      systemPaymentType: 'online',
      onlineDiscountPercent: 5,
    });
  });
});

describe('app configuration from settings', () => {
  const t = useTestApp({ config: { systemPaymentType: 'cash', onlineDiscountPercent: 7 } });

  it('answers the configured payment type and online discount', async () => {
    expect(await ok<AppConfiguration>(t.app, 'appConfiguration')).toEqual({
      systemPaymentType: 'cash',
      onlineDiscountPercent: 7,
    });
  });
});
