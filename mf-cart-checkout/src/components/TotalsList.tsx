import { useTranslation } from '@lab/i18n';
import { cx, formatPercent, Price } from '@lab/ui';
import styles from './TotalsList.module.css';

export type Totals = {
  /** List prices before any discount; when left out the list starts with the discounts. */
  original?: number;
  otherDiscounts: number;
  onlineDiscount: number;
  promoDiscount: number;
  homeVisitCost: number;
  totalPrice: number;
};

/** The discounts' terms, to name them in their rows ("знижка за онлайн-оплату, 5 %"). */
export type DiscountTerms = { onlinePercent?: number; promoPercent?: number | null; promoCode?: string | null };

/**
 * An order's total broken down as the order entity is (docs/product.md#entities): sales, the online-payment
 * discount, the promo discount, the home-visit cost and what is paid. Zero rows are left out. The
 * same list stands wherever a total is shown (cart, its dropdown, checkout, payment result), so a price
 * reads the same from the catalogue to the payment and each discount is one named line.
 */
export function TotalsList({
  totals,
  terms = {},
  className,
}: {
  totals: Totals;
  terms?: DiscountTerms;
  className?: string;
}) {
  const { t } = useTranslation('cartCheckout');
  const onlineLabel = terms.onlinePercent
    ? t('totals.onlineDiscountPercent', { percent: formatPercent(terms.onlinePercent) })
    : t('totals.onlineDiscount');
  const promoLabel =
    terms.promoPercent != null
      ? t(terms.promoCode ? 'totals.promoDiscountCode' : 'totals.promoDiscountPercent', {
          percent: formatPercent(terms.promoPercent),
          code: terms.promoCode,
        })
      : t('totals.promoDiscount');
  const rows: { key: string; label: string; value: number; sign?: '−' | '+' }[] = [];
  if (totals.original !== undefined)
    rows.push({ key: 'original', label: t('totals.original'), value: totals.original });
  if (totals.otherDiscounts > 0)
    rows.push({ key: 'other', label: t('totals.otherDiscounts'), value: totals.otherDiscounts, sign: '−' });
  if (totals.onlineDiscount > 0)
    rows.push({ key: 'online', label: onlineLabel, value: totals.onlineDiscount, sign: '−' });
  if (totals.promoDiscount > 0) rows.push({ key: 'promo', label: promoLabel, value: totals.promoDiscount, sign: '−' });
  if (totals.homeVisitCost > 0)
    rows.push({ key: 'home', label: t('totals.homeVisitCost'), value: totals.homeVisitCost, sign: '+' });
  return (
    <dl className={cx(styles.totals, className)}>
      {rows.map((row) => (
        <div key={row.key} data-row={row.key}>
          <dt>{row.label}</dt>
          <dd className={row.sign === '−' ? styles.saving : undefined}>
            {row.sign && <span aria-hidden="true">{row.sign}</span>}
            <Price price={row.value} />
          </dd>
        </div>
      ))}
      <div className={styles.total} data-row="total">
        <dt>{t('totals.toPay')}</dt>
        <dd>
          <Price price={totals.totalPrice} size="lg" />
        </dd>
      </div>
    </dl>
  );
}
