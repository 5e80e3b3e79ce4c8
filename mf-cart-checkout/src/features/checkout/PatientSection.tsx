import { type PatientUserData, usePatientSelf, useWards, type Ward } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Button, ErrorState, isoToDisplay, Skeleton } from '@lab/ui';
import { useEffect, useState } from 'react';
import { AddWardDialog } from './AddWardDialog';
import styles from './Checkout.module.css';
import { ChoiceGroup } from './fields';

type Props = {
  /** The id of the first radio, which an error focuses. */
  name: string;
  value: number | null;
  onChange: (patientId: number) => void;
  error?: string | undefined;
};

const fullName = (user: Pick<PatientUserData, 'lastName' | 'firstName' | 'middleName'>) =>
  [user.lastName, user.firstName, user.middleName].filter(Boolean).join(' ');

/**
 * For whom (docs/product.md#who-uses-it and #roles): the patient themself (chosen at first) or one of their wards, or a
 * new ward added here through the patient API.
 */
export function PatientSection({ name, value, onChange, error }: Props) {
  const { t } = useTranslation('cartCheckout');
  const self = usePatientSelf();
  const wards = useWards();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const owner = self.data;

  useEffect(() => {
    if (value == null && owner) onChange(owner.id);
  }, [value, owner, onChange]);

  if (!owner && (self.isLoading || wards.isLoading)) {
    return (
      <div aria-busy="true">
        <span className="visually-hidden">{t('checkout.loading')}</span>
        <Skeleton count={2} height="3rem" gap="var(--space-2)" radius="var(--radius-md)" />
      </div>
    );
  }
  if (!owner) {
    return (
      <ErrorState
        variant="compact"
        title={t('patient.loadFailed')}
        onRetry={() => {
          void self.mutate();
          void wards.mutate();
        }}
      />
    );
  }

  const list: Ward[] = wards.data ?? owner.wards;
  const choices = [
    { value: String(owner.id), label: t('patient.self'), hint: fullName(owner.userData) },
    ...list.map((ward) => ({
      value: String(ward.id),
      label: fullName(ward.userData),
      hint: ward.userData.birthDay ? t('patient.born', { date: isoToDisplay(ward.userData.birthDay) }) : undefined,
    })),
  ];

  return (
    <>
      <ChoiceGroup
        name={name}
        legend={t('patient.legend')}
        hideLegend
        choices={choices}
        value={value == null ? null : String(value)}
        error={error}
        onChange={(chosen) => onChange(Number(chosen))}
      />
      <div className={styles.inlineActions}>
        <Button variant="link" size="sm" onClick={() => setAdding(true)}>
          {t('patient.addWard')}
        </Button>
        <p role="status" className={styles.status}>
          {added}
        </p>
      </div>
      <AddWardDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(ward) => {
          void wards.mutate((current) => [...(current ?? list), ward], { revalidate: true });
          void self.mutate();
          onChange(ward.id);
          setAdded(t('patient.wardAdded', { name: fullName(ward.userData) }));
        }}
      />
    </>
  );
}
