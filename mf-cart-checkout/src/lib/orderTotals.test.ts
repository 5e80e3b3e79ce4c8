import { estimateOrder } from './orderTotals';

// the server's fixture: ferritin 232 (list 290) brings the blood draw 60 along; online discount 5 %
const lines = [
  { initialPrice: 232, originalPrice: 290 },
  { initialPrice: 60, originalPrice: 60 },
];

describe('the checkout total, broken down like the order', () => {
  it('paying online: the online discount, the sales, no promo', () => {
    expect(estimateOrder(lines, { onlinePercent: 5, online: true, promo: null, homeVisitCost: 0 })).toEqual({
      original: 350,
      otherDiscounts: 58,
      onlineDiscount: 14.6,
      promoDiscount: 0,
      homeVisitCost: 0,
      totalPrice: 277.4,
    });
  });

  it('paying at the branch: no online discount', () => {
    expect(estimateOrder(lines, { onlinePercent: 5, online: false, promo: null, homeVisitCost: 0 })).toMatchObject({
      onlineDiscount: 0,
      promoDiscount: 0,
      totalPrice: 292,
    });
  });

  it('the larger of the promo and the online discount applies, never both; a tie goes to the promo', () => {
    expect(estimateOrder(lines, { onlinePercent: 5, online: true, promo: 0.1, homeVisitCost: 0 })).toMatchObject({
      onlineDiscount: 0,
      promoDiscount: 29.2,
      totalPrice: 262.8,
    });
    expect(estimateOrder(lines, { onlinePercent: 5, online: true, promo: 0.03, homeVisitCost: 0 })).toMatchObject({
      onlineDiscount: 14.6,
      promoDiscount: 0,
    });
    expect(estimateOrder(lines, { onlinePercent: 5, online: true, promo: 0.05, homeVisitCost: 0 })).toMatchObject({
      onlineDiscount: 0,
      promoDiscount: 14.6,
    });
    // at the branch the promo applies alone
    expect(estimateOrder(lines, { onlinePercent: 5, online: false, promo: 0.03, homeVisitCost: 0 })).toMatchObject({
      promoDiscount: 8.76,
      totalPrice: 283.24,
    });
  });

  it('adds the home visit and rounds in kopiykas, half up', () => {
    const odd = [{ initialPrice: 198.5, originalPrice: 198.5 }];
    expect(estimateOrder(odd, { onlinePercent: 5, online: true, promo: null, homeVisitCost: 350 })).toEqual({
      original: 198.5,
      otherDiscounts: 0,
      // 198.50 less 5 % = 188.575 -> 188.58
      onlineDiscount: 9.92,
      promoDiscount: 0,
      homeVisitCost: 350,
      totalPrice: 538.58,
    });
  });
});
