import { useTranslation } from '@lab/i18n';
import { cx } from '../cx';
import { type IsoDate, isoToDisplay, todayInKyiv } from '../format/date';
import { formatPercent } from '../format/percent';
import { UI_NAMESPACE } from '../i18n';
import styles from './PromoTerms.module.css';

/** A promo code's terms as the API gives them (`PromoTerms` of @lab/api's contract). */
export type PromoTermsData = {
  readonly code: string;
  /** 0..1 */
  readonly value: number;
  readonly validFrom: IsoDate;
  readonly validTo: IsoDate;
  readonly withSales: boolean;
  readonly groups: readonly { readonly slug: string; readonly title: string }[];
};

export type PromoTermsProps = {
  terms: PromoTermsData;
  /** Kyiv's today, for whether the code still runs; today by default. */
  today?: IsoDate;
  className?: string;
};

/**
 * What a promo code gives, from the code's own data: its value and scope, its last day (or that it
 * ended), and its rule against sales. The cart and the code's news item show the same words, so
 * neither can promise what the other does not charge.
 */
export function PromoTerms({ terms, today = todayInKyiv(), className }: PromoTermsProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const percent = formatPercent(Math.round(terms.value * 1000) / 10);
  const groups = terms.groups.map((group) => `«${group.title}»`).join(', ');
  const date = isoToDisplay(terms.validTo);
  return (
    <ul className={cx(styles.terms, className)}>
      <li>
        {groups
          ? t('promoScope', { code: terms.code, percent, groups })
          : t('promoScopeAll', { code: terms.code, percent })}
      </li>
      <li>{today > terms.validTo ? t('promoEnded', { date }) : t('promoUntil', { date })}</li>
      {!terms.withSales && <li>{t('promoNoSales')}</li>}
    </ul>
  );
}
