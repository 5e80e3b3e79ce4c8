import {
  discountBreakdown,
  discounted,
  effectiveDiscount,
  fromKopiykas,
  priceLine,
  priceTotals,
  priceWithPromo,
  toKopiykas,
} from './pricing';

describe('effectiveDiscount: the larger of the online discount and the promo applies (docs/product.md#constants)', () => {
  it.each([
    ['online only', 5, null, 0.05, 'online'],
    ['promo larger', 5, 0.1, 0.1, 'promo'],
    ['online larger (promo 0.03 vs online 5 %)', 5, 0.03, 0.05, 'online'],
    ['a tie goes to the promo', 10, 0.1, 0.1, 'promo'],
    ['no online discount, promo', 0, 0.15, 0.15, 'promo'],
    ['neither', 0, null, 0, null],
    ['a zero promo', 0, 0, 0, null],
  ] as const)('%s', (_, online, promo, fraction, source) => {
    expect(effectiveDiscount(online, promo)).toEqual({ fraction, source });
  });

  it('clamps nonsense to 0..1', () => {
    expect(effectiveDiscount(150, null)).toEqual({ fraction: 1, source: 'online' });
    expect(effectiveDiscount(-5, Number.NaN)).toEqual({ fraction: 0, source: null });
  });
});

describe('priceLine: the lower of the discounted initial price and the item price', () => {
  // the worked examples of the issue: an item at 400 (list price 500)
  const item = { price: 400, fullPrice: 500 };

  it('online 5 % -> 380', () => {
    expect(priceLine(item, effectiveDiscount(5, null))).toEqual({ price: 380, initialPrice: 400, originalPrice: 500 });
  });

  it('promo 10 % (larger than online 5 %) -> 360', () => {
    expect(priceLine(item, effectiveDiscount(5, 0.1))).toEqual({ price: 360, initialPrice: 400, originalPrice: 500 });
  });

  it('promo 0.03 against online 5 % -> the online discount wins, 380', () => {
    expect(priceLine(item, effectiveDiscount(5, 0.03)).price).toBe(380);
  });

  it('no discount: the item price', () => {
    expect(priceLine(item, effectiveDiscount(0, null))).toEqual({ price: 400, initialPrice: 400, originalPrice: 500 });
  });

  it('keeps the item price when it is lower than the discounted initial price', () => {
    // e.g. an order repriced later: initial 400 (when added), the item now costs 350
    expect(priceLine({ price: 350, fullPrice: 500, initialPrice: 400 }, effectiveDiscount(5, null)).price).toBe(350);
    // and the discounted initial price when that is lower
    expect(priceLine({ price: 390, fullPrice: 500, initialPrice: 400 }, effectiveDiscount(5, null)).price).toBe(380);
  });

  it('rounds to whole kopiykas, half up', () => {
    expect(discounted(289.9, 0.05)).toBe(275.41); // 275.405
    expect(discounted(0.01, 0.5)).toBe(0.01); // 0.005 -> 0.01
    expect(discounted(231, 0.05)).toBe(219.45);
    expect(discounted(100, 1)).toBe(0);
  });

  it('never gives an original price below the initial price', () => {
    expect(priceLine({ price: 120, fullPrice: 100 }, effectiveDiscount(0, null)).originalPrice).toBe(120);
  });
});

describe('priceTotals and discountBreakdown', () => {
  const discount = effectiveDiscount(5, null);
  const lines = [
    priceLine({ price: 400, fullPrice: 500 }, discount), // 380
    priceLine({ price: 90, fullPrice: 90 }, discount), // 85.5
    priceLine({ price: 0.1, fullPrice: 0.1 }, discount), // 0.1 (0.095 -> 0.10)
  ];

  it('adds in kopiykas (0.1 + 0.2 stays 0.3)', () => {
    expect(
      priceTotals([
        { price: 0.1, initialPrice: 0.1, originalPrice: 0.1 },
        { price: 0.2, initialPrice: 0.2, originalPrice: 0.2 },
      ]),
    ).toEqual({ totalPrice: 0.3, originalTotalPrice: 0.3, initialTotalPrice: 0.3 });
    expect(priceTotals(lines)).toEqual({ totalPrice: 465.6, originalTotalPrice: 590.1, initialTotalPrice: 490.1 });
    expect(priceTotals([])).toEqual({ totalPrice: 0, originalTotalPrice: 0, initialTotalPrice: 0 });
  });

  it('splits the saving into the winning discount and sales', () => {
    expect(discountBreakdown(lines, discount)).toEqual({ online: 24.5, promo: 0, other: 100 });
    const promo = effectiveDiscount(5, 0.1);
    const promoLines = [priceLine({ price: 400, fullPrice: 500 }, promo)];
    expect(discountBreakdown(promoLines, promo)).toEqual({ online: 0, promo: 40, other: 100 });
  });

  it('converts hryvnia and kopiykas', () => {
    expect(toKopiykas(289.9)).toBe(28990);
    expect(fromKopiykas(28990)).toBe(289.9);
  });
});

describe('priceWithPromo: a promo that does not add to a sale', () => {
  const checkup = { price: 799, fullPrice: 940 }; // the men's basic Check-up on sale
  it('is taken off the list price when that saves more, the sale set aside (never 20 % of 799)', () => {
    const { line, discount } = priceWithPromo(checkup, 5, { fraction: 0.2, withSales: false });
    expect(line).toEqual({ price: 752, initialPrice: 940, originalPrice: 940 });
    expect(discount.source).toBe('promo');
    expect(discountBreakdown([line], discount)).toEqual({ online: 0, promo: 188, other: 0 });
  });

  it('leaves the sale with the online discount when that saves more', () => {
    const { line, discount } = priceWithPromo(checkup, 5, { fraction: 0.1, withSales: false });
    expect(line).toEqual({ price: 759.05, initialPrice: 799, originalPrice: 940 });
    expect(discount.source).toBe('online');
  });

  it('adds to the sale when the code says so, and prices a line not on sale as before', () => {
    expect(priceWithPromo(checkup, 5, { fraction: 0.2, withSales: true }).line.price).toBe(639.2);
    expect(priceWithPromo({ price: 230, fullPrice: 230 }, 5, { fraction: 0.2, withSales: false }).line.price).toBe(184);
    expect(priceWithPromo({ price: 230, fullPrice: 230 }, 5, null).line.price).toBe(218.5);
  });
});
