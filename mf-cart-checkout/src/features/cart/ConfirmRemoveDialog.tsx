import { useTranslation } from '@lab/i18n';
import { Button, Modal } from '@lab/ui';
import { useRef } from 'react';
import styles from './Cart.module.css';
import type { RemoveFromCart } from './useRemoveFromCart';

/**
 * The delete-item confirmation (docs/product.md#panels-and-dialogs and #cart). Focus starts on "cancel", the harmless
 * choice; closing gives it back to the delete button that opened the dialog.
 */
export function ConfirmRemoveDialog({ removal }: { removal: RemoveFromCart }) {
  const { t } = useTranslation('cartCheckout');
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { pending, busy, error, cancel, confirm } = removal;
  return (
    <Modal open={pending !== null} onClose={cancel} title={t('remove.title')} initialFocusRef={cancelRef}>
      {pending && (
        <div className={styles.confirm}>
          <p>{t('remove.text', { title: pending.service.title })}</p>
          {pending.service.additionalServices.length > 0 && <p className={styles.muted}>{t('remove.additional')}</p>}
          {error && (
            <p role="alert" className={styles.alert}>
              {error}
            </p>
          )}
          <div className={styles.confirmActions}>
            <Button ref={cancelRef} variant="secondary" onClick={cancel}>
              {t('remove.cancel')}
            </Button>
            <Button variant="danger" loading={busy} onClick={() => void confirm()}>
              {t('remove.confirm')}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
