import { useDoctorSpecialization } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { cardStyles, cx, formatPhone, isoToDisplay } from '@lab/ui';
import type { ReadyAccount } from '../account';
import styles from './Personal.module.css';

/** The personal details as the lab holds them (read-only: docs/product.md#roles). */
export function ProfileDetails({ account, headingLevel = 2 }: { account: ReadyAccount; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('account');
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const isDoctor = account.role === 'doctor';
  const specialization = useDoctorSpecialization(account.hasDoctor && isDoctor);
  const rows: Array<[string, string | null | undefined]> = [];
  if (isDoctor && account.doctor) {
    const data = account.doctor.doctorData;
    rows.push(
      [t('details.lastName'), data.lastName],
      [t('details.firstName'), data.firstName],
      [t('details.middleName'), data.middleName],
      [t('details.specialization'), specialization.data?.title],
      [t('details.workplace'), account.workplace ? `${account.workplace.title} (${account.workplace.code})` : null],
      [t('details.phone'), formatPhone(data.mobilePhone) ?? data.mobilePhone],
      [t('details.email'), data.email],
    );
  } else if (account.patient) {
    const data = account.patient.userData;
    rows.push(
      [t('details.number'), data.number],
      [t('details.lastName'), data.lastName],
      [t('details.firstName'), data.firstName],
      [t('details.middleName'), data.middleName],
      [t('details.birthDay'), data.birthDay ? isoToDisplay(data.birthDay) : null],
      [t('details.gender'), data.gender ? t(`gender.${data.gender}`) : null],
      [t('details.phone'), formatPhone(account.patient.phone) ?? account.patient.phone],
      [t('details.email'), data.email],
    );
  }
  return (
    <section className={cx(cardStyles.card, styles.card)} aria-labelledby="details-title">
      <Heading id="details-title" className={styles.cardTitle}>
        {t('details.title')}
      </Heading>
      <dl className={styles.details}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.detail}>
            <dt>{label}</dt>
            <dd>{value || <span className={styles.muted}>{t('details.none')}</span>}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
