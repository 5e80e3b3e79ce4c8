import {
  arrivalErrors,
  type CheckoutForm,
  type DateContext,
  doctorError,
  emptyHome,
  homeFieldError,
  initialForm,
  toOrderBody,
  validateCheckout,
} from './validation';

const context: DateContext = {
  today: '2026-11-23',
  maxDate: '2026-12-23',
  dateTextInvalid: false,
  slots: [
    { time: '09:00', available: 1 },
    { time: '10:00', available: 0 },
  ],
};

const homeForm = (home: Partial<CheckoutForm['home']> = {}): CheckoutForm => ({
  ...initialForm('online'),
  patientId: 10,
  visit: 'home',
  home: {
    ...emptyHome(),
    street: 'вул. Лесі Українки',
    house: '12-Б',
    arrivalDate: '2026-11-25',
    arrivalTime: '09:00',
    ...home,
  },
  acceptContract: true,
  acceptPersonalData: true,
});

describe('checkout validation', () => {
  it('requires for whom, a branch, and both consents', () => {
    expect(validateCheckout(initialForm('online'), context)).toEqual({
      patient: 'choosePatient',
      branch: 'chooseBranch',
      acceptContract: 'consentRequired',
      acceptPersonalData: 'consentRequired',
    });
    const ok: CheckoutForm = {
      ...initialForm('cash'),
      patientId: 10,
      branchId: 5,
      acceptContract: true,
      acceptPersonalData: true,
    };
    expect(validateCheckout(ok, context)).toEqual({});
    expect(validateCheckout({ ...ok, acceptPersonalData: false }, context)).toEqual({
      acceptPersonalData: 'consentRequired',
    });
  });

  it('home visit: street and house required, invalid characters refused, the rest optional', () => {
    expect(validateCheckout(homeForm(), context)).toEqual({});
    expect(validateCheckout(homeForm({ street: ' ', house: '' }), context)).toEqual({
      street: 'required',
      house: 'required',
    });
    expect(homeFieldError('street', 'вул. <script>')).toBe('invalidChars');
    expect(homeFieldError('apartment', '12$')).toBe('invalidChars');
    expect(homeFieldError('floor', '')).toBeUndefined();
    expect(homeFieldError('house', '№ 5/2, корп. "Б"')).toBeUndefined();
    expect(homeFieldError('comment', 'Домофон не працює; дзвоніть 050-123-45-67!')).toBeUndefined();
    expect(homeFieldError('comment', 'a <b>')).toBe('invalidChars');
  });

  it('home visit: the arrival date must lie today..+30, and a free time must be chosen', () => {
    expect(arrivalErrors(homeForm({ arrivalDate: '' }).home, context)).toEqual({ arrivalDate: 'required' });
    expect(arrivalErrors(homeForm({ arrivalDate: '2026-11-22' }).home, context)).toEqual({
      arrivalDate: 'arrivalDateInvalid',
    });
    expect(arrivalErrors(homeForm({ arrivalDate: '2026-12-24' }).home, context)).toEqual({
      arrivalDate: 'arrivalDateInvalid',
    });
    expect(arrivalErrors(homeForm({ arrivalDate: '' }).home, { ...context, dateTextInvalid: true })).toEqual({
      arrivalDate: 'arrivalDateInvalid',
    });
    expect(arrivalErrors(homeForm({ arrivalTime: '' }).home, context)).toEqual({ arrivalTime: 'chooseTime' });
    // a taken time is not a choice
    expect(arrivalErrors(homeForm({ arrivalTime: '10:00' }).home, context)).toEqual({ arrivalTime: 'chooseTime' });
    // no free time that day (a Sunday, or all booked)
    expect(arrivalErrors(homeForm().home, { ...context, slots: [] })).toEqual({ arrivalTime: 'noHours' });
    expect(arrivalErrors(homeForm().home, { ...context, slots: [{ time: '09:00', available: 0 }] })).toEqual({
      arrivalTime: 'noHours',
    });
  });

  it('the doctor is optional; by code or by a name without digits', () => {
    expect(doctorError('none', '', '')).toEqual({});
    expect(doctorError('code', ' ', '')).toEqual({ doctorCode: 'required' });
    expect(doctorError('code', 'MELNYK-1', '')).toEqual({});
    expect(doctorError('code', 'MELNYK;1', '')).toEqual({ doctorCode: 'invalidChars' });
    expect(doctorError('name', '', 'Мельник Андрій 2')).toEqual({ doctorName: 'doctorNameDigits' });
    expect(doctorError('name', '', 'Мельник Андрій Іванович')).toEqual({});
    expect(doctorError('name', '', 'Мельник <b>')).toEqual({ doctorName: 'invalidChars' });
  });

  it('builds the order payload: home visit with empty optional fields as null, the doctor, the UTM parameters', () => {
    const form: CheckoutForm = { ...homeForm({ comment: '  ' }), doctorMode: 'name', doctorName: ' Мельник   Андрій ' };
    expect(
      toOrderBody(form, {
        orderId: '9b2e4c1a-1d2f-4a3b-8c4d-5e6f7a8b9c0d',
        settlementId: 1,
        utmParameters: { source: 'google' },
      }),
    ).toEqual({
      orderId: '9b2e4c1a-1d2f-4a3b-8c4d-5e6f7a8b9c0d',
      settlementId: 1,
      patientId: 10,
      visit: 'home',
      branchId: null,
      homeVisit: {
        street: 'вул. Лесі Українки',
        house: '12-Б',
        apartment: null,
        entrance: null,
        floor: null,
        arrivalDate: '2026-11-25',
        arrivalTime: '09:00',
        comment: null,
      },
      paymentType: 'online',
      doctor: { fullName: 'Мельник Андрій' },
      promoCode: null,
      acceptContract: true,
      acceptPersonalData: true,
      utmParameters: { source: 'google' },
    });
  });
});
