import {
  type ApiError,
  type Cart,
  getStored,
  keysOf,
  unavailableOf,
  useAppConfiguration,
  useHomeVisitSlots,
  useHomeVisitTerms,
  useSettlementBranches,
} from '@lab/api';
import { Trans, useTranslation } from '@lab/i18n';
import { addDays, Button, cardStyles, cx, type DateInputChange, formatPercent, Link, todayInKyiv } from '@lab/ui';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { cartEstimate } from '../../lib/orderTotals';
import { useCityTitle } from '../../lib/useCityTitle';
import { useDiscountTerms, useOnlineDiscount } from '../../lib/useOnlineDiscount';
import { type RemovableLine, UnavailableLines } from '../cart';
import styles from './Checkout.module.css';
import { Checkbox, ChoiceGroup, TextField } from './fields';
import { OrderSummary } from './OrderSummary';
import { PatientSection } from './PatientSection';
import { usePlaceOrder } from './usePlaceOrder';
import { VisitSection } from './VisitSection';
import {
  type CheckoutPayment,
  type DoctorMode,
  FIELD_ORDER,
  type FieldErrors,
  type FieldKey,
  type CheckoutForm as Form,
  type HomeFields,
  initialForm,
  LIMITS,
  toOrderBody,
  validateCheckout,
} from './validation';

/** docs/product.md#validation / server: a nurse can be booked from today to 30 days ahead. */
export const BOOKING_DAYS_AHEAD = 30;

type Props = {
  cart: Cart;
  cityId: number;
  /** Asks to delete a line (with confirmation): here, one not orderable in the city. */
  onRemove: (line: RemovableLine) => void;
};

/**
 * The checkout form of a signed-in patient (docs/product.md#entities, #cart, #validation and #roles): for whom, where (branch or home visit),
 * the referring doctor, how to pay, the consents, and the total broken down like the order entity.
 * Errors clear when their field is edited; on submit the first one gets focus and a summary is announced.
 * Lines not orderable in the city (the server refuses such an order: 400 `service-not-available`) are
 * listed above the form with their delete buttons, and block the submit with an announced explanation.
 */
export function CheckoutForm({ cart, cityId, onRemove }: Props) {
  const { t } = useTranslation('cartCheckout');
  const baseId = useId();
  const idOf = useCallback((field: FieldKey | 'visit' | 'doctorMode' | 'payment') => `${baseId}-${field}`, [baseId]);
  const config = useAppConfiguration();
  const onlinePercent = useOnlineDiscount();
  const cityTitle = useCityTitle(cityId);
  const branches = useSettlementBranches(cityId);
  const { mutate } = useSWRConfig();
  const placing = usePlaceOrder();

  const [form, setForm] = useState<Form>(() => initialForm('online'));
  const [paymentTouched, setPaymentTouched] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [dateTextInvalid, setDateTextInvalid] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const unavailable = unavailableOf(cart);
  const unavailableKey = unavailable.map((line) => line.serviceId).join(',');
  const noticeRef = useRef<HTMLHeadingElement>(null);
  /** The server refused the order for lines not available in the city; the cart is being read again. */
  const refusedUnavailable = useRef(false);

  // the cart read again after that refusal names the lines: its notice replaces the server's message
  useEffect(() => {
    if (!refusedUnavailable.current) return;
    refusedUnavailable.current = false;
    setFormError(null);
    if (unavailableKey !== '') noticeRef.current?.focus();
  }, [unavailableKey]);

  const today = todayInKyiv();
  const maxDate = addDays(today, BOOKING_DAYS_AHEAD);
  // where a nurse comes and the visit's price, as the /home-visit page says (null: none in this city,
  // undefined: not known yet)
  const homeTerms = useHomeVisitTerms();
  const homeOffer = homeTerms.data
    ? (homeTerms.data.settlements.find((settlement) => settlement.settlementId === cityId) ?? null)
    : undefined;
  const home = form.visit === 'home' && homeOffer !== null;
  const slots = useHomeVisitSlots(home ? cityId : null, home ? form.home.arrivalDate || today : null);
  const chosenSlots = slots.data && slots.data.date === form.home.arrivalDate ? slots.data.slots : undefined;
  const homeVisitCost = homeOffer?.price ?? slots.data?.cost ?? null;

  // a city without visits: the branch it is
  useEffect(() => {
    if (homeOffer === null && form.visit === 'home') setForm((current) => ({ ...current, visit: 'branch' }));
  }, [homeOffer, form.visit]);

  // the server's preselected payment type, until the patient chooses
  const systemType = config.data?.systemPaymentType;
  useEffect(() => {
    if (!systemType || paymentTouched) return;
    const preselected: CheckoutPayment =
      systemType === 'cash' || systemType === 'card' || systemType === 'bank' ? 'cash' : 'online';
    setForm((current) => ({ ...current, paymentType: preselected }));
  }, [systemType, paymentTouched]);

  // a city change: the chosen branch may not be in the new city
  useEffect(() => {
    const list = branches.data;
    if (list && form.branchId != null && !list.some((branch) => branch.id === form.branchId)) {
      setForm((current) => ({ ...current, branchId: null }));
    }
  }, [branches.data, form.branchId]);

  const clear = (...fields: FieldKey[]) => {
    setErrors((current) => {
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });
    setFormError(null);
  };
  const setPatient = useCallback((patientId: number) => {
    setForm((current) => ({ ...current, patientId }));
    setErrors(({ patient: _, ...rest }) => rest);
  }, []);
  const setHome = <K extends keyof HomeFields>(field: K, value: HomeFields[K]) => {
    setForm((current) => ({ ...current, home: { ...current.home, [field]: value } }));
    clear(field);
  };
  const setDate = (value: string, change: DateInputChange) => {
    setForm((current) => ({ ...current, home: { ...current.home, arrivalDate: value, arrivalTime: '' } }));
    setDateTextInvalid(change.error !== null);
    clear('arrivalDate', 'arrivalTime');
    // a complete date outside today..+30 is said at once, with the product's message (docs/product.md#validation)
    if (change.error !== null && change.text.length === 10) {
      setErrors((current) => ({ ...current, arrivalDate: 'arrivalDateInvalid' }));
    }
  };

  const visitCost = home ? (homeVisitCost ?? 0) : 0;
  const estimate = useMemo(
    () => cartEstimate(cart, onlinePercent, { online: form.paymentType === 'online', homeVisitCost: visitCost }),
    [cart, onlinePercent, form.paymentType, visitCost],
  );
  // what the same order costs paid online: said next to the total when paying on the spot costs more
  const onlineTotal = useMemo(
    () => cartEstimate(cart, onlinePercent, { online: true, homeVisitCost: visitCost }).totalPrice,
    [cart, onlinePercent, visitCost],
  );
  const terms = useDiscountTerms(cart);

  const focusField = (field: FieldKey) => {
    const target =
      field === 'branch'
        ? document.getElementById(`${idOf('branch')}-combobox`)
        : document.getElementById(idOf(field === 'patient' ? 'patient' : field));
    target?.focus();
  };

  const serverFailure = (failure: ApiError) => {
    const fieldErrors: FieldErrors = {};
    if (failure.code === 'doctor-code-invalid') fieldErrors.doctorCode = 'doctorCodeInvalid';
    else if (failure.code === 'no-hours-available') {
      fieldErrors.arrivalTime = 'noHours';
      void slots.mutate();
    } else if (failure.code === 'branch-invalid' || failure.field === 'branchId') fieldErrors.branch = 'chooseBranch';
    else if (failure.field === 'homeVisit') fieldErrors.arrivalDate = 'arrivalDateInvalid';
    if (Object.keys(fieldErrors).length > 0) {
      setErrors(fieldErrors);
      const first = FIELD_ORDER.find((field) => fieldErrors[field]);
      if (first) {
        setFormError(t(`errors.${fieldErrors[first] ?? 'required'}`));
        focusField(first);
      }
      return;
    }
    if (failure.code === 'cart-empty' || failure.code === 'wrong-promo' || failure.code === 'service-not-available') {
      refusedUnavailable.current = failure.code === 'service-not-available';
      void mutate(keysOf('cart'));
    }
    const detail = failure.status > 0 ? failure.message : t('errors.network');
    setFormError(t('errors.checkoutFailed', { detail }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (placing.pending) return;
    if (unavailable.length > 0) {
      // the alert then says what blocks the order, and clears by itself once the lines are gone
      setFormError(null);
      noticeRef.current?.focus();
      return;
    }
    const found = validateCheckout(form, { today, maxDate, dateTextInvalid, slots: chosenSlots });
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      setFormError(t('errors.summary', { count: Object.keys(found).length }));
      focusField(first);
      return;
    }
    setFormError(null);
    const failure = await placing.place((orderId) =>
      toOrderBody(form, { orderId, settlementId: cityId, utmParameters: getStored('utmParams') }),
    );
    if (failure) serverFailure(failure);
  };

  const message = (field: FieldKey) => {
    const code = errors[field];
    return code ? t(`errors.${code}`) : undefined;
  };
  const messages = Object.fromEntries(FIELD_ORDER.map((field) => [field, message(field)])) as Partial<
    Record<FieldKey, string>
  >;
  const blocked = unavailable.length > 0 ? t('unavailable.blocked') : null;

  return (
    <form className={styles.layout} onSubmit={(event) => void submit(event)} noValidate>
      <div className={styles.sections}>
        {unavailable.length > 0 && (
          <div className={styles.unavailable}>
            <UnavailableLines
              lines={unavailable}
              cityTitle={cityTitle}
              onRemove={onRemove}
              variant="checkout"
              headingRef={noticeRef}
            />
          </div>
        )}
        <section className={cx(cardStyles.card, styles.section)} aria-labelledby={`${baseId}-title-who`}>
          <h2 id={`${baseId}-title-who`} className={styles.sectionTitle}>
            {t('patient.title')}
          </h2>
          <PatientSection
            name={idOf('patient')}
            value={form.patientId}
            onChange={setPatient}
            error={messages.patient}
          />
        </section>

        <section className={cx(cardStyles.card, styles.section)} aria-labelledby={`${baseId}-title-where`}>
          <h2 id={`${baseId}-title-where`} className={styles.sectionTitle}>
            {t('visit.title')}
          </h2>
          <VisitSection
            form={form}
            errors={messages}
            idOf={idOf}
            cityTitle={cityTitle}
            branches={branches}
            slots={slots}
            homeVisitCost={homeVisitCost}
            homeAvailable={homeOffer !== null}
            today={today}
            maxDate={maxDate}
            onVisit={(visit) => {
              setForm((current) => ({ ...current, visit }));
              clear(
                'branch',
                'street',
                'house',
                'apartment',
                'entrance',
                'floor',
                'arrivalDate',
                'arrivalTime',
                'comment',
              );
            }}
            onBranch={(branchId) => {
              setForm((current) => ({ ...current, branchId }));
              clear('branch');
            }}
            onHome={setHome}
            onDate={setDate}
          />
        </section>

        <section className={cx(cardStyles.card, styles.section)} aria-labelledby={`${baseId}-title-doctor`}>
          <h2 id={`${baseId}-title-doctor`} className={styles.sectionTitle}>
            {t('doctor.title')} <span className={styles.optional}>({t('checkout.optional')})</span>
          </h2>
          <ChoiceGroup<DoctorMode>
            name={idOf('doctorMode')}
            legend={t('doctor.legend')}
            hideLegend
            look="chips"
            value={form.doctorMode}
            onChange={(doctorMode) => {
              setForm((current) => ({ ...current, doctorMode }));
              clear('doctorCode', 'doctorName');
            }}
            choices={[
              { value: 'none', label: t('doctor.none') },
              { value: 'code', label: t('doctor.byCode') },
              { value: 'name', label: t('doctor.byName') },
            ]}
          />
          {form.doctorMode === 'code' && (
            <TextField
              id={idOf('doctorCode')}
              label={t('doctor.code')}
              value={form.doctorCode}
              required
              maxLength={LIMITS.doctorCode}
              error={messages.doctorCode}
              onChange={(doctorCode) => {
                setForm((current) => ({ ...current, doctorCode }));
                clear('doctorCode');
              }}
            />
          )}
          {form.doctorMode === 'name' && (
            <TextField
              id={idOf('doctorName')}
              label={t('doctor.name')}
              value={form.doctorName}
              required
              maxLength={LIMITS.doctorName}
              autoComplete="off"
              error={messages.doctorName}
              onChange={(doctorName) => {
                setForm((current) => ({ ...current, doctorName }));
                clear('doctorName');
              }}
            />
          )}
        </section>

        <section className={cx(cardStyles.card, styles.section)} aria-labelledby={`${baseId}-title-payment`}>
          <h2 id={`${baseId}-title-payment`} className={styles.sectionTitle}>
            {t('payment.title')}
          </h2>
          <ChoiceGroup<CheckoutPayment>
            name={idOf('payment')}
            legend={t('payment.title')}
            hideLegend
            value={form.paymentType}
            onChange={(paymentType) => {
              setPaymentTouched(true);
              setForm((current) => ({ ...current, paymentType }));
            }}
            choices={[
              {
                value: 'online',
                label: t('payment.online'),
                hint:
                  onlinePercent > 0
                    ? t('payment.onlineHint', { percent: formatPercent(onlinePercent) })
                    : t('payment.onlineNoDiscount'),
              },
              {
                value: 'cash',
                label: home ? t('payment.nurse') : t('payment.branch'),
                hint: t('payment.onSiteHint'),
              },
            ]}
          />
        </section>
      </div>

      <aside className={styles.summary} aria-labelledby={`${baseId}-title-summary`}>
        <h2 id={`${baseId}-title-summary`} className={styles.sectionTitle}>
          {t('totals.orderTitle')}
        </h2>
        <OrderSummary cart={cart} estimate={estimate} terms={terms} onlineTotal={onlineTotal} />
        <div className={styles.consents}>
          <Checkbox
            id={idOf('acceptContract')}
            checked={form.acceptContract}
            error={messages.acceptContract}
            onChange={(acceptContract) => {
              setForm((current) => ({ ...current, acceptContract }));
              clear('acceptContract');
            }}
          >
            <Trans
              t={t}
              i18nKey="consents.contract"
              components={{ page: <ContentLink to="/public-contract" newTab={t('checkout.newTab')} /> }}
            />
          </Checkbox>
          <Checkbox
            id={idOf('acceptPersonalData')}
            checked={form.acceptPersonalData}
            error={messages.acceptPersonalData}
            onChange={(acceptPersonalData) => {
              setForm((current) => ({ ...current, acceptPersonalData }));
              clear('acceptPersonalData');
            }}
          >
            <Trans
              t={t}
              i18nKey="consents.personalData"
              components={{ page: <ContentLink to="/personal-data-consent" newTab={t('checkout.newTab')} /> }}
            />
          </Checkbox>
        </div>
        <p role="alert" className={styles.formError}>
          {formError ?? blocked}
        </p>
        <Button type="submit" size="lg" fullWidth loading={placing.pending}>
          {form.paymentType === 'online' ? t('checkout.placeAndPay') : t('checkout.place')}
        </Button>
      </aside>
    </form>
  );
}

/** A content page (the contract, the consent) in a new tab, so the filled form stays. */
function ContentLink({ to, newTab, children }: { to: string; newTab: string; children?: ReactNode }) {
  return (
    <Link to={to} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> ({newTab})</span>
    </Link>
  );
}
