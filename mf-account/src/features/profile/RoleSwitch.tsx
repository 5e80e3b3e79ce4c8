import type { Role } from '@lab/events';
import { useTranslation } from '@lab/i18n';
import { Button } from '@lab/ui';
import { useState } from 'react';
import styles from './Profile.module.css';

type Props = { role: Role; onSwitch: (role: Role) => Promise<void> };

/** Doctor / patient buttons, shown only to users with both profiles (docs/product.md#role-switch). */
export function RoleSwitch({ role, onSwitch }: Props) {
  const { t } = useTranslation('account');
  const [busy, setBusy] = useState<Role | null>(null);
  const choose = async (next: Role) => {
    if (next === role || busy) return;
    setBusy(next);
    try {
      await onSwitch(next);
    } finally {
      setBusy(null);
    }
  };
  return (
    <fieldset className={styles.roleSwitch} aria-label={t('role.label')}>
      {(['doctor', 'patient'] as const).map((option) => (
        <Button
          key={option}
          size="sm"
          variant={role === option ? 'primary' : 'secondary'}
          aria-pressed={role === option}
          loading={busy === option}
          onClick={() => void choose(option)}
        >
          {t(`role.${option}`)}
        </Button>
      ))}
    </fieldset>
  );
}
