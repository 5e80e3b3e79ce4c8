import { useWards, type Ward } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Button, cardStyles, cx, ErrorState, Skeleton } from '@lab/ui';
import { useEffect, useRef, useState } from 'react';
import { Busy, fullName, statusOf } from '../../lib';
import styles from './Personal.module.css';
import { WardCard } from './WardCard';
import { WardForm } from './WardForm';

/** Which form is open: one at a time, so nothing typed in one is dropped by opening another. */
type Open = { mode: 'add' } | { mode: 'edit'; wardId: number } | null;

/** Relatives registered in the family account (docs/product.md#roles): listed with photos, added and edited. */
export function Wards() {
  const { t } = useTranslation('account');
  const wards = useWards();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const editButtons = useRef(new Map<number, HTMLButtonElement>());
  // the button that opened the form gets the focus back when it closes
  const opener = useRef<Open>(null);

  useEffect(() => {
    if (open !== null || opener.current === null) return;
    const target =
      opener.current.mode === 'add' ? addButtonRef.current : editButtons.current.get(opener.current.wardId);
    target?.focus();
    opener.current = null;
  }, [open]);

  const show = (next: Open) => {
    setNotice(null);
    opener.current = next;
    setOpen(next);
  };
  const close = () => setOpen(null);
  const saved = (message: 'wards.added' | 'wards.saved') => (ward: Ward) => {
    setNotice(t(message, { name: fullName(ward.userData) }));
    close();
  };

  return (
    <section className={cx(cardStyles.card, styles.card)} aria-labelledby="wards-title" id="wards">
      <h2 id="wards-title" className={styles.cardTitle}>
        {t('wards.title')}
      </h2>
      <p className={styles.line}>{t('wards.text')}</p>
      {wards.error ? (
        <ErrorState
          variant="compact"
          title={t('wards.loadFailed')}
          description={statusOf(wards.error, t)}
          onRetry={() => void wards.mutate()}
        />
      ) : !wards.data ? (
        <Busy>
          <Skeleton height={56} count={2} gap="var(--space-2)" />
        </Busy>
      ) : wards.data.length === 0 ? (
        <p className={styles.muted}>{t('wards.empty')}</p>
      ) : (
        <ul className={styles.wards}>
          {wards.data.map((ward) =>
            open?.mode === 'edit' && open.wardId === ward.id ? (
              <li key={ward.id} className={cx(styles.ward, styles.wardEditing)}>
                <WardForm ward={ward} onSaved={saved('wards.saved')} onCancel={close} />
              </li>
            ) : (
              <WardCard
                key={ward.id}
                ward={ward}
                onEdit={open ? undefined : () => show({ mode: 'edit', wardId: ward.id })}
                editRef={(element) => {
                  if (element) editButtons.current.set(ward.id, element);
                  else editButtons.current.delete(ward.id);
                }}
              />
            ),
          )}
        </ul>
      )}
      <p className={styles.success} role="status">
        {notice}
      </p>
      {open?.mode === 'add' ? (
        <WardForm onSaved={saved('wards.added')} onCancel={close} />
      ) : (
        !open && (
          <div>
            <Button ref={addButtonRef} variant="secondary" onClick={() => show({ mode: 'add' })}>
              {t('wards.add')}
            </Button>
          </div>
        )
      )}
    </section>
  );
}
