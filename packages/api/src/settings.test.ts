import { defaultSettlementId, firstSettlementId, onlineDiscountPercent } from './settings';

describe('deployment settings', () => {
  const env = { ...process.env };
  afterEach(() => {
    process.env = { ...env };
    delete window.__LAB_CONFIG__;
  });

  it('reads the default city from the build and lets the page override it', () => {
    process.env.VITE_SETTLEMENT_ID = '5';
    expect(defaultSettlementId()).toBe(5);
    window.__LAB_CONFIG__ = { settlementId: 9 };
    expect(defaultSettlementId()).toBe(9);
  });

  it('treats a missing or malformed default city as none', () => {
    delete process.env.VITE_SETTLEMENT_ID;
    expect(defaultSettlementId()).toBeNull();
    process.env.VITE_SETTLEMENT_ID = 'kyiv';
    expect(defaultSettlementId()).toBeNull();
    process.env.VITE_SETTLEMENT_ID = '2.5';
    expect(defaultSettlementId()).toBeNull();
  });

  it('prices a visitor in the configured city when the list has it, else in the first (the server and the browser alike)', () => {
    const cities = [{ id: 4 }, { id: 5 }];
    process.env.VITE_SETTLEMENT_ID = '5';
    expect(firstSettlementId(cities)).toBe(5);
    process.env.VITE_SETTLEMENT_ID = '7';
    expect(firstSettlementId(cities)).toBe(4);
    delete process.env.VITE_SETTLEMENT_ID;
    expect(firstSettlementId(cities)).toBe(4);
    expect(firstSettlementId([])).toBeNull();
  });

  it('reads the online discount percent', () => {
    process.env.VITE_ONLINE_DISCOUNT = '5';
    expect(onlineDiscountPercent()).toBe(5);
    process.env.VITE_ONLINE_DISCOUNT = '';
    expect(onlineDiscountPercent()).toBeNull();
  });
});
