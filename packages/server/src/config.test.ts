import { appConfigFromEnv, serverEnv } from './config';

describe('settings from the environment', () => {
  it('has development defaults', () => {
    expect(appConfigFromEnv({})).toMatchObject({
      onlineDiscountPercent: 5,
      systemPaymentType: 'online',
      rateLimitMax: 600,
    });
    const env = serverEnv({});
    expect(env).toMatchObject({ port: 4000, host: '0.0.0.0', databaseUrl: null, logLevel: 'info' });
    expect(env.pgliteDataDir.endsWith('/.data/pglite')).toBe(true);
  });

  it('reads the variables', () => {
    expect(appConfigFromEnv({ ONLINE_DISCOUNT_PERCENT: '7.5', SYSTEM_PAYMENT_TYPE: 'card' })).toMatchObject({
      onlineDiscountPercent: 7.5,
      systemPaymentType: 'card',
    });
    expect(serverEnv({ PORT: '4100', DATABASE_URL: ' postgres://x@h/db ', PGLITE_DATA_DIR: '/tmp/pg' })).toMatchObject({
      port: 4100,
      databaseUrl: 'postgres://x@h/db',
      pgliteDataDir: '/tmp/pg',
    });
  });

  it('refuses nonsense', () => {
    expect(() => appConfigFromEnv({ ONLINE_DISCOUNT_PERCENT: '150' })).toThrow('ONLINE_DISCOUNT_PERCENT');
    expect(() => appConfigFromEnv({ SYSTEM_PAYMENT_TYPE: 'barter' })).toThrow('SYSTEM_PAYMENT_TYPE');
    expect(() => serverEnv({ PORT: 'http' })).toThrow('PORT');
  });
});
