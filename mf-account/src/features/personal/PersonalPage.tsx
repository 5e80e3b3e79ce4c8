import { useTranslation } from '@lab/i18n';
import type { ReadyAccount } from '../account';
import { ManagerCard } from './ManagerCard';
import styles from './Personal.module.css';
import { PhoneChange } from './PhoneChange';
import { PhotoUpload } from './PhotoUpload';
import { ProfileDetails } from './ProfileDetails';
import { ResultSharing } from './ResultSharing';
import { ResultsNotices } from './ResultsNotices';
import { SupportNote } from './SupportNote';
import { Wards } from './Wards';

/**
 * /account/personal-information: the details, the photo, the phone change, what only support can
 * change, the results-ready SMS switch, (patients) sharing results by link, (doctors) the responsible manager and (patients) the family
 * account's wards.
 */
export function PersonalPage({ account }: { account: ReadyAccount }) {
  const { t } = useTranslation('account');
  const isDoctor = account.role === 'doctor';
  return (
    <section className={styles.page} aria-labelledby="personal-title">
      <h1 id="personal-title">{t('personal.title')}</h1>
      <div className={styles.columns}>
        <div className={styles.column}>
          <ProfileDetails account={account} />
          <SupportNote />
        </div>
        <div className={styles.column}>
          <PhotoUpload kind={isDoctor ? 'doctor' : 'patient'} current={account.person.photo} />
          {isDoctor && <ManagerCard />}
          {!isDoctor && account.patient && <PhoneChange current={account.patient.phone} />}
          <ResultsNotices />
          {!isDoctor && account.patient && <ResultSharing />}
        </div>
      </div>
      {!isDoctor && account.patient && <Wards />}
    </section>
  );
}
