/**
 * The checkout form (docs/product.md#entities "Home-visit form", #validation and #roles) and its rules. Pure: the page keeps
 * the values, these functions say what is wrong (as message keys) and build the order's payload.
 */
import type { HomeVisitSlot, OrderCreateBody, PaymentType, UtmParameters } from '@lab/api';

export type Visit = 'branch' | 'home';
export type DoctorMode = 'none' | 'code' | 'name';
/** The two ways the checkout offers: online (with its discount) or at the branch / to the nurse. */
export type CheckoutPayment = Extract<PaymentType, 'online' | 'cash'>;

export type HomeFields = {
  street: string;
  house: string;
  apartment: string;
  entrance: string;
  floor: string;
  /** YYYY-MM-DD, or '' while none (or no valid one) is chosen. */
  arrivalDate: string;
  /** HH:mm, or ''. */
  arrivalTime: string;
  comment: string;
};

export type CheckoutForm = {
  patientId: number | null;
  visit: Visit;
  branchId: number | null;
  home: HomeFields;
  doctorMode: DoctorMode;
  doctorCode: string;
  doctorName: string;
  paymentType: CheckoutPayment;
  acceptContract: boolean;
  acceptPersonalData: boolean;
};

export type FieldKey =
  | 'patient'
  | 'branch'
  | keyof HomeFields
  | 'doctorCode'
  | 'doctorName'
  | 'acceptContract'
  | 'acceptPersonalData';

/** Message keys under `errors.` in the namespace. */
export type ErrorCode =
  | 'required'
  | 'choosePatient'
  | 'chooseBranch'
  | 'invalidChars'
  | 'arrivalDateInvalid'
  | 'noHours'
  | 'chooseTime'
  | 'doctorCodeInvalid'
  | 'doctorNameDigits'
  | 'consentRequired';

export type FieldErrors = Partial<Record<FieldKey, ErrorCode>>;

/** The order in which the page lays the fields out: the first one with an error gets focus. */
export const FIELD_ORDER: readonly FieldKey[] = [
  'patient',
  'branch',
  'street',
  'house',
  'apartment',
  'entrance',
  'floor',
  'arrivalDate',
  'arrivalTime',
  'comment',
  'doctorCode',
  'doctorName',
  'acceptContract',
  'acceptPersonalData',
];

export const LIMITS = {
  street: 200,
  house: 20,
  apartment: 20,
  entrance: 20,
  floor: 20,
  comment: 1000,
  doctorCode: 50,
  doctorName: 200,
} as const;

/** Addresses: letters, digits, spaces and the punctuation addresses use (№ 5/2, корп. "Б", вул. Лесі-Українки). */
const ADDRESS = /^[\p{L}\p{M}\p{N}\s.,:;'’ʼ"«»()/№#+-]*$/u;
/** A free comment: anything but markup brackets (what the server refuses). */
const COMMENT = /^[^<>]*$/;
/** A doctor's code as workplaces issue them (MELNYK-1). */
const DOCTOR_CODE = /^[\p{L}\p{N}\s._/-]*$/u;
const NAME = /^[\p{L}\p{M}\s.'’ʼ-]*$/u;

export const emptyHome = (): HomeFields => ({
  street: '',
  house: '',
  apartment: '',
  entrance: '',
  floor: '',
  arrivalDate: '',
  arrivalTime: '',
  comment: '',
});

export function initialForm(paymentType: CheckoutPayment): CheckoutForm {
  return {
    patientId: null,
    visit: 'branch',
    branchId: null,
    home: emptyHome(),
    doctorMode: 'none',
    doctorCode: '',
    doctorName: '',
    paymentType,
    acceptContract: false,
    acceptPersonalData: false,
  };
}

/** One text field of the home visit: required or not, and its characters. */
export function homeFieldError(field: Exclude<keyof HomeFields, 'arrivalDate' | 'arrivalTime'>, value: string) {
  const text = value.trim();
  if ((field === 'street' || field === 'house') && text === '') return 'required';
  if (field === 'comment' ? !COMMENT.test(text) : !ADDRESS.test(text)) return 'invalidChars';
  return undefined;
}

export function doctorError(
  mode: DoctorMode,
  code: string,
  name: string,
): Pick<FieldErrors, 'doctorCode' | 'doctorName'> {
  if (mode === 'code') {
    const text = code.trim();
    if (text === '') return { doctorCode: 'required' };
    if (!DOCTOR_CODE.test(text)) return { doctorCode: 'invalidChars' };
  }
  if (mode === 'name') {
    const text = name.trim();
    if (text === '') return { doctorName: 'required' };
    if (/\p{N}/u.test(text)) return { doctorName: 'doctorNameDigits' };
    if (!NAME.test(text)) return { doctorName: 'invalidChars' };
  }
  return {};
}

export type DateContext = {
  /** Today in Kyiv and the last bookable day (today + 30), YYYY-MM-DD. */
  today: string;
  maxDate: string;
  /** The date field holds text that is not a valid date in range. */
  dateTextInvalid: boolean;
  /** The free times of the chosen date; undefined while unknown. */
  slots: readonly HomeVisitSlot[] | undefined;
};

/** The arrival date and time (docs/product.md#validation: arrival date invalid, no hours available). */
export function arrivalErrors(
  home: HomeFields,
  context: DateContext,
): Pick<FieldErrors, 'arrivalDate' | 'arrivalTime'> {
  const { arrivalDate: date, arrivalTime: time } = home;
  if (context.dateTextInvalid || (date !== '' && (date < context.today || date > context.maxDate))) {
    return { arrivalDate: 'arrivalDateInvalid' };
  }
  if (date === '') return { arrivalDate: 'required' };
  if (context.slots === undefined) return time === '' ? { arrivalTime: 'chooseTime' } : {};
  const free = context.slots.filter((slot) => slot.available > 0);
  if (free.length === 0) return { arrivalTime: 'noHours' };
  if (!free.some((slot) => slot.time === time)) return { arrivalTime: 'chooseTime' };
  return {};
}

/** Every rule of the form; an empty object means it can be sent. */
export function validateCheckout(form: CheckoutForm, context: DateContext): FieldErrors {
  const errors: FieldErrors = {};
  if (form.patientId == null) errors.patient = 'choosePatient';
  if (form.visit === 'branch') {
    if (form.branchId == null) errors.branch = 'chooseBranch';
  } else {
    for (const field of ['street', 'house', 'apartment', 'entrance', 'floor', 'comment'] as const) {
      const error = homeFieldError(field, form.home[field]);
      if (error) errors[field] = error;
    }
    Object.assign(errors, arrivalErrors(form.home, context));
  }
  Object.assign(errors, doctorError(form.doctorMode, form.doctorCode, form.doctorName));
  if (!form.acceptContract) errors.acceptContract = 'consentRequired';
  if (!form.acceptPersonalData) errors.acceptPersonalData = 'consentRequired';
  return errors;
}

const optional = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The order's payload (`POST /order/orders`) from a valid form. */
export function toOrderBody(
  form: CheckoutForm,
  context: { orderId: string; settlementId: number; utmParameters: UtmParameters | null },
): OrderCreateBody {
  if (form.patientId == null) throw new Error('The checkout form is not valid');
  const doctor =
    form.doctorMode === 'code'
      ? { code: form.doctorCode.trim() }
      : form.doctorMode === 'name'
        ? { fullName: form.doctorName.trim().replace(/\s+/g, ' ') }
        : null;
  return {
    orderId: context.orderId,
    settlementId: context.settlementId,
    patientId: form.patientId,
    visit: form.visit,
    branchId: form.visit === 'branch' ? form.branchId : null,
    homeVisit:
      form.visit === 'home'
        ? {
            street: form.home.street.trim(),
            house: form.home.house.trim(),
            apartment: optional(form.home.apartment),
            entrance: optional(form.home.entrance),
            floor: optional(form.home.floor),
            arrivalDate: form.home.arrivalDate,
            arrivalTime: form.home.arrivalTime,
            comment: optional(form.home.comment),
          }
        : null,
    paymentType: form.paymentType,
    doctor,
    // the cart's own promo applies (the cart page sets it)
    promoCode: null,
    acceptContract: true,
    acceptPersonalData: true,
    utmParameters: context.utmParameters,
  };
}
