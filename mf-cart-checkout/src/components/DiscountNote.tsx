import { useTranslation } from '@lab/i18n';
import { formatPercent } from '@lab/ui';
import { fractionToPercent } from '../lib/useOnlineDiscount';

type Props = {
  /** The cart's applied promo value (fraction), null when none. */
  promo: number | null;
  /** The online-payment discount, percent. */
  onlinePercent: number;
  className?: string;
};

/**
 * Which discount the server's prices hold (docs/product.md#constants): the online-payment discount and the promo
 * are not added up, the larger applies (a tie goes to the promo, as on the server).
 */
export function DiscountNote({ promo, onlinePercent, className }: Props) {
  const { t } = useTranslation('cartCheckout');
  const promoPercent = promo == null ? null : fractionToPercent(promo);
  let text: string | null = null;
  if (promoPercent != null && promoPercent >= onlinePercent) {
    text =
      onlinePercent > 0
        ? t('discount.promoWins', { promo: formatPercent(promoPercent), online: formatPercent(onlinePercent) })
        : t('discount.promoOnly', { promo: formatPercent(promoPercent) });
  } else if (onlinePercent > 0) {
    text =
      promoPercent != null
        ? t('discount.onlineWins', { promo: formatPercent(promoPercent), online: formatPercent(onlinePercent) })
        : t('discount.online', { online: formatPercent(onlinePercent) });
  }
  return text ? <p className={className}>{text}</p> : null;
}
