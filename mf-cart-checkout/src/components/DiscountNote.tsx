import { useTranslation } from '@lab/i18n';
import { formatPercent } from '@lab/ui';
import { fractionToPercent } from '../lib/useOnlineDiscount';

type Props = {
  /** The cart's applied promo value (fraction), null when none. */
  promo: number | null;
  /** The online-payment discount, percent. */
  onlinePercent: number;
  /** What the cart charges, paying online: what the promo and the online discount each take off. */
  charged: { promoDiscount: number; onlineDiscount: number };
  className?: string;
};

/**
 * Which discount the server's prices hold (docs/product.md#constants): the online-payment
 * discount and the promo are not added up, the larger applies per line, and a promo applies within its
 * scope only. The words follow what the cart charges, never the code's value alone: a code that takes
 * nothing off is not said to apply.
 */
export function DiscountNote({ promo, onlinePercent, charged, className }: Props) {
  const { t } = useTranslation('cartCheckout');
  const promoPercent = promo == null ? null : fractionToPercent(promo);
  const online = formatPercent(onlinePercent);
  let text: string | null = null;
  if (promoPercent != null && charged.promoDiscount > 0) {
    const values = { promo: formatPercent(promoPercent), online };
    if (charged.onlineDiscount > 0) text = t('discount.promoSome', values);
    else text = onlinePercent > 0 ? t('discount.promoWins', values) : t('discount.promoOnly', values);
  } else if (promoPercent != null) {
    const values = { promo: formatPercent(promoPercent), online };
    if (onlinePercent > 0)
      text = promoPercent < onlinePercent ? t('discount.onlineWins', values) : t('discount.promoNone', values);
  } else if (onlinePercent > 0) {
    text = t('discount.online', { online });
  }
  return text ? <p className={className}>{text}</p> : null;
}
