import { type Branch, useSettlementBranches } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Button, cardStyles, cx, ErrorState, formatPhone, SkeletonGrid } from '@lab/ui';
import {
  BranchSchedule,
  BranchServiceList,
  BranchStatusBadge,
  BRANCH_SERVICE_KEYS as SERVICE_KEYS,
  type BranchServiceKey as ServiceKey,
} from '@lab/ui/branch';
import { useMemo, useState } from 'react';
import { useCity } from '../city';
import { HOTLINE } from '../layout';
import styles from './Contacts.module.css';

/** Contacts and the branches of the chosen city, filterable by service (docs/product.md#routes and #entities). */
export function ContactsPage() {
  const { t } = useTranslation('shell');
  const { city, openModal } = useCity();
  const branches = useSettlementBranches(city?.id ?? null);
  const [wanted, setWanted] = useState<ServiceKey[]>([]);
  const shown = useMemo(
    () => (branches.data ?? []).filter((branch) => wanted.every((key) => branch.services[key])),
    [branches.data, wanted],
  );
  const toggle = (key: ServiceKey) =>
    setWanted((current) => (current.includes(key) ? current.filter((item) => item !== key) : [...current, key]));

  return (
    <section aria-labelledby="contacts-title">
      <h1 id="contacts-title" className={styles.title}>
        {t('contacts.title')}
      </h1>
      <p className={styles.lead}>
        {t('footer.hotline')}:{' '}
        <a href={`tel:${HOTLINE.replace(/\s/g, '')}`} className={styles.phoneLink}>
          {HOTLINE}
        </a>{' '}
        · {t('footer.hours')}
      </p>
      <div className={styles.cityRow}>
        <h2 className={styles.cityTitle}>{t('contacts.branchesIn', { city: city?.title ?? '…' })}</h2>
        <Button variant="secondary" size="sm" onClick={openModal}>
          {t('contacts.otherCity')}
        </Button>
      </div>
      <fieldset className={styles.filters}>
        <legend className={styles.legend}>{t('contacts.filter')}</legend>
        {SERVICE_KEYS.map((key) => (
          <label key={key} className={styles.chip}>
            <input type="checkbox" checked={wanted.includes(key)} onChange={() => toggle(key)} />
            <span>{t(`contacts.services.${key}`)}</span>
          </label>
        ))}
      </fieldset>
      {branches.error ? (
        <ErrorState
          title={t('errors.loadTitle')}
          description={t('errors.loadText')}
          onRetry={() => void branches.mutate()}
        />
      ) : branches.isLoading || !city ? (
        <SkeletonGrid count={3} height={220} minWidth="18rem" />
      ) : shown.length === 0 ? (
        <p className={styles.empty} role="status">
          {t('contacts.noBranches')}
        </p>
      ) : (
        <ul className={styles.list} aria-label={t('contacts.listLabel', { count: shown.length })}>
          {shown.map((branch) => (
            <li key={branch.id}>
              <BranchCard branch={branch} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BranchCard({ branch }: { branch: Branch }) {
  const { t } = useTranslation('shell');
  return (
    <article className={cx(cardStyles.card, styles.card)}>
      <div className={styles.cardHead}>
        <h3 className={styles.address}>{branch.address}</h3>
        <BranchStatusBadge status={branch.status} />
      </div>
      {branch.partner && <p className={styles.partner}>{t('contacts.partner')}</p>}
      <BranchSchedule schedule={branch.schedule} />
      {branch.phone && (
        <p className={styles.phone}>
          {/* read as the site writes phones (+38 (044) 719-52-79), dialled as stored */}
          <a href={`tel:${branch.phone}`} className={styles.phoneLink}>
            <span className="visually-hidden">{t('contacts.phone')}: </span>
            {formatPhone(branch.phone) ?? branch.phone}
          </a>
        </p>
      )}
      <BranchServiceList services={branch.services} />
    </article>
  );
}
