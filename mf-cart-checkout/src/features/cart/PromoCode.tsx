import { api, type CurrentCart, isApiError } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Button, formatPercent, PromoTerms } from '@lab/ui';
import { type FormEvent, useId, useState } from 'react';
import { fractionToPercent } from '../../lib/useOnlineDiscount';
import styles from './CartPage.module.css';

const MAX_LENGTH = 50;

/**
 * The promo code (docs/product.md#validation): checked by the server (`/service/discounts/search/{code}`), then
 * applied to the cart (the cart read with `?promoCode=`), which answers the repriced cart. An invalid
 * or expired code shows the wrong-promo message and empties the cart's stored promo. `saved` is what
 * the code takes off the cart's total, by which the code is said to apply or not; its terms (scope,
 * last day, rule on sales) are the code's own data.
 */
export function PromoCode({ cart, saved }: { cart: CurrentCart; saved: number }) {
  const { t } = useTranslation('cartCheckout');
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const applied = cart.data?.promoCode ?? null;
  const promo = cart.data?.promo ?? null;
  const terms = cart.data?.promoTerms ?? null;

  const failed = (failure: unknown) => {
    const wrong = isApiError(failure) && (failure.status === 404 || failure.code === 'wrong-promo');
    setError(wrong ? t('promo.invalid') : t('promo.failed'));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError(t('promo.empty'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      try {
        await api.cart.discount(typed);
      } catch (failure) {
        failed(failure);
        // a failed check empties the stored promo (docs/product.md#validation), and the visitor is told it went
        if (isApiError(failure) && failure.status === 404 && applied) {
          await cart.applyPromo('').catch(() => undefined);
          setError(t('promo.invalidRemoved', { code: typed, previous: applied }));
        }
        return;
      }
      await cart.applyPromo(typed);
      setCode('');
    } catch (failure) {
      failed(failure);
    } finally {
      setBusy(false);
    }
  };

  const removePromo = async () => {
    setBusy(true);
    setError(null);
    try {
      await cart.applyPromo('');
    } catch (failure) {
      failed(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.promo}>
      {applied && promo != null && (
        <div className={styles.promoApplied}>
          {/* said from what the cart charges: a code whose scope misses every line saves nothing */}
          <p role="status" className={saved > 0 ? undefined : styles.promoSavesNothing}>
            {saved > 0
              ? t('promo.applied', { code: applied, percent: formatPercent(fractionToPercent(promo)) })
              : t('promo.appliedNothing', { code: applied })}
          </p>
          {terms && <PromoTerms terms={terms} className={styles.promoTerms} />}
          <Button variant="link" size="sm" loading={busy} onClick={() => void removePromo()}>
            {t('promo.remove')}
          </Button>
        </div>
      )}
      <form className={styles.promoForm} onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={id} className={styles.label}>
          {applied ? t('promo.another') : t('promo.label')}
        </label>
        <div className={styles.promoRow}>
          <input
            id={id}
            className={styles.input}
            value={code}
            maxLength={MAX_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-error`}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
          />
          <Button type="submit" variant="secondary" loading={busy}>
            {t('promo.apply')}
          </Button>
        </div>
      </form>
      <p id={`${id}-error`} role="alert" className={styles.error}>
        {error}
      </p>
    </div>
  );
}
