import { type ApiResponse, addressWithCity, type Branch, branchLabel, type HomeVisitSlotsResponse } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import {
  type DateInputChange,
  DatePicker,
  Dropdown,
  ErrorState,
  fieldStyles,
  formatPhone,
  Skeleton,
  useFormatPrice,
} from '@lab/ui';
import {
  BRANCH_NAMESPACE,
  BRANCH_SERVICE_KEYS,
  BranchSchedule,
  BranchServiceList,
  BranchStatusBadge,
} from '@lab/ui/branch';
import { type ReactNode, useMemo } from 'react';
import { useKnownPosition } from '../../lib/useKnownPosition';
import { byDistance, todayHours } from './branches';
import styles from './Checkout.module.css';
import { ChoiceGroup, FieldError, TextField } from './fields';
import type { CheckoutForm, FieldKey, HomeFields, Visit } from './validation';
import { LIMITS } from './validation';

type Messages = Partial<Record<FieldKey, string>>;

type Props = {
  form: CheckoutForm;
  errors: Messages;
  idOf: (field: FieldKey | 'visit') => string;
  cityTitle: string | null;
  branches: ApiResponse<Branch[]>;
  slots: ApiResponse<HomeVisitSlotsResponse>;
  homeVisitCost: number | null;
  /** False where the data says no nurse comes (the choice stays, disabled, saying so). */
  homeAvailable: boolean;
  today: string;
  maxDate: string;
  onVisit: (visit: Visit) => void;
  onBranch: (branchId: number | null) => void;
  onHome: <K extends keyof HomeFields>(field: K, value: HomeFields[K]) => void;
  onDate: (value: string, change: DateInputChange) => void;
};

const TEXT_FIELDS = ['street', 'house', 'apartment', 'entrance', 'floor'] as const;
const AUTOCOMPLETE: Partial<Record<(typeof TEXT_FIELDS)[number], string>> = { street: 'address-line1' };

/** Where the sample is taken (docs/product.md#routes, #entities and #validation): a branch in the chosen city, or a nurse's home visit. */
export function VisitSection(props: Props) {
  const { t } = useTranslation('cartCheckout');
  const format = useFormatPrice();
  const { form, errors, idOf, cityTitle, branches, homeVisitCost, homeAvailable, onVisit, onBranch } = props;
  let homeHint = homeVisitCost == null ? t('visit.homeHint') : t('visit.homeCost', { cost: format(homeVisitCost) });
  if (!homeAvailable) homeHint = t('visit.homeUnavailable', { city: cityTitle ?? '' });
  return (
    <>
      {cityTitle && <p className={styles.muted}>{t('visit.city', { city: cityTitle })}</p>}
      <ChoiceGroup
        name={idOf('visit')}
        legend={t('visit.legend')}
        hideLegend
        value={form.visit}
        onChange={onVisit}
        choices={[
          { value: 'branch', label: t('visit.branch'), hint: t('visit.branchHint') },
          { value: 'home', label: t('visit.home'), hint: homeHint, disabled: !homeAvailable },
        ]}
      />
      {form.visit === 'branch' ? (
        <BranchPicker
          id={idOf('branch')}
          cityTitle={cityTitle}
          branches={branches}
          value={form.branchId}
          error={errors.branch}
          onChange={onBranch}
        />
      ) : (
        <HomeVisitFields {...props} />
      )}
    </>
  );
}

function BranchPicker({
  id,
  cityTitle,
  branches,
  value,
  error,
  onChange,
}: {
  id: string;
  /** The chosen city's title: the chosen branch's address names it, as the order will. */
  cityTitle: string | null;
  branches: ApiResponse<Branch[]>;
  value: number | null;
  error: string | undefined;
  onChange: (branchId: number | null) => void;
}) {
  const { t } = useTranslation('cartCheckout');
  const { t: ui } = useTranslation(BRANCH_NAMESPACE);
  const position = useKnownPosition();
  const rows = useMemo(() => byDistance(branches.data ?? [], position), [branches.data, position]);
  if (!branches.data && branches.isLoading) {
    return <Skeleton height="3rem" radius="var(--radius-md)" />;
  }
  if (!branches.data) {
    return <ErrorState variant="compact" title={t('visit.branchesFailed')} onRetry={() => void branches.mutate()} />;
  }
  if (branches.data.length === 0) return <p className={styles.notice}>{t('visit.noBranches')}</p>;
  const selected = branches.data.find((branch) => branch.id === value);
  const errorId = `${id}-error`;
  const now = new Date();
  // each branch's status now, today's hours, how far, and what it offers: enough to choose from the list
  const describe = ({ branch, km }: (typeof rows)[number]) => {
    const hours = todayHours(branch.schedule, now);
    const first = [
      ui(`branch.status.${branch.status}`),
      hours ? t('visit.todayHours', { hours }) : t('visit.todayClosed'),
      km === null ? null : t('visit.distance', { km: km < 10 ? km.toFixed(1).replace('.', ',') : Math.round(km) }),
    ];
    const services = BRANCH_SERVICE_KEYS.filter((key) => branch.services[key]).map((key) =>
      ui(`branch.services.${key}`),
    );
    return [first.filter(Boolean).join(' · '), services.join(' · ')].filter(Boolean).join('\n');
  };
  return (
    <div className={fieldStyles.field}>
      <Dropdown
        id={id}
        label={t('visit.branchLabel')}
        placeholder={t('visit.branchPlaceholder')}
        options={rows.map((row) => ({
          value: String(row.branch.id),
          label: branchLabel(row.branch),
          description: describe(row),
        }))}
        value={value == null ? null : String(value)}
        onChange={(chosen) => onChange(chosen == null ? null : Number(chosen))}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
      />
      <FieldError id={errorId} message={error} />
      {position && <p className={styles.muted}>{t('visit.nearestFirst')}</p>}
      {selected && (
        <div className={styles.branchCard} data-testid="chosen-branch">
          <div className={styles.branchHead}>
            <p className={styles.branchAddress}>
              {addressWithCity(selected.address, cityTitle)}
              {selected.phone ? ` · ${formatPhone(selected.phone) ?? selected.phone}` : ''}
            </p>
            <BranchStatusBadge status={selected.status} />
          </div>
          <BranchSchedule schedule={selected.schedule} />
          <BranchServiceList services={selected.services} />
        </div>
      )}
    </div>
  );
}

function HomeVisitFields({ form, errors, idOf, slots, today, maxDate, onHome, onDate }: Props) {
  const { t } = useTranslation('cartCheckout');
  const { home } = form;
  const free = slots.data?.slots.filter((slot) => slot.available > 0) ?? [];
  const noHours = home.arrivalDate !== '' && slots.data?.date === home.arrivalDate && free.length === 0;
  let times: ReactNode;
  if (home.arrivalDate === '') {
    times = <p className={styles.muted}>{t('home.pickDateFirst')}</p>;
  } else if (slots.isLoading || (slots.data && slots.data.date !== home.arrivalDate)) {
    times = (
      <div aria-busy="true">
        <span className="visually-hidden">{t('home.loadingTimes')}</span>
        <Skeleton count={1} height="2.75rem" radius="var(--radius-md)" />
      </div>
    );
  } else if (slots.error && !slots.data) {
    times = <ErrorState variant="compact" title={t('home.timesFailed')} onRetry={() => void slots.mutate()} />;
  } else if (noHours) {
    times = (
      <p id={`${idOf('arrivalTime')}-error`} role="alert" className={styles.error}>
        {t('errors.noHours')}
      </p>
    );
  } else {
    times = (
      <ChoiceGroup
        name={idOf('arrivalTime')}
        legend={t('home.arrivalTime')}
        look="chips"
        value={home.arrivalTime || null}
        onChange={(time) => onHome('arrivalTime', time)}
        error={errors.arrivalTime}
        choices={(slots.data?.slots ?? []).map((slot) => ({
          value: slot.time,
          label: slot.time,
          disabled: slot.available === 0,
        }))}
      />
    );
  }
  return (
    <div className={styles.homeGrid}>
      {TEXT_FIELDS.map((field) => (
        <TextField
          key={field}
          id={idOf(field)}
          className={field === 'street' ? styles.wide : undefined}
          label={t(`home.${field}`)}
          value={home[field]}
          required={field === 'street' || field === 'house'}
          optionalText={field === 'street' || field === 'house' ? undefined : t('checkout.optional')}
          maxLength={LIMITS[field]}
          autoComplete={AUTOCOMPLETE[field] ?? 'off'}
          error={errors[field]}
          onChange={(value) => onHome(field, value)}
        />
      ))}
      <div className={styles.wide}>
        <DatePicker
          id={idOf('arrivalDate')}
          label={t('home.arrivalDate')}
          value={home.arrivalDate}
          min={today}
          max={maxDate}
          today={today}
          required
          error={errors.arrivalDate ?? null}
          onChange={onDate}
        />
        <p className={styles.muted}>{t('home.dateHint')}</p>
      </div>
      <div className={styles.wide}>{times}</div>
      <TextField
        id={idOf('comment')}
        className={styles.wide}
        label={t('home.comment')}
        optionalText={t('checkout.optional')}
        value={home.comment}
        maxLength={LIMITS.comment}
        multiline
        error={errors.comment}
        onChange={(value) => onHome('comment', value)}
      />
    </div>
  );
}
