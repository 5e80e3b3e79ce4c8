import { useTranslation } from '@lab/i18n';
import { formatPhone } from '@lab/ui';
import { shortName } from '../../lib';
import type { AccountPerson } from '../account';
import { Avatar } from './Avatar';
import styles from './Profile.module.css';

/** Photo or icon, first and last name, patient number (ID) or doctor code, phone (docs/product.md#panels-and-dialogs). */
export function ProfileSummary({ person, id, size = 48 }: { person: AccountPerson; id?: string; size?: number }) {
  const { t } = useTranslation('account');
  const phone = formatPhone(person.phone) ?? person.phone;
  return (
    <div id={id} className={styles.summary} data-testid="profile-summary">
      <Avatar photo={person.photo} size={size} />
      <div className={styles.summaryText}>
        <p className={styles.summaryName}>{shortName(person)}</p>
        <p className={styles.summaryLine}>
          {person.badge.kind === 'patient'
            ? t('profile.patientNumber', { number: person.badge.number })
            : person.badge.code
              ? t('profile.doctorCode', { code: person.badge.code })
              : t('profile.noWorkplace')}
        </p>
        {phone && <p className={styles.summaryLine}>{phone}</p>}
      </div>
    </div>
  );
}
