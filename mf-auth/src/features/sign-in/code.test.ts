import { codeDigits, validateCode } from './code';
import { CLOSED, flowReducer } from './flow';

describe('the SMS code', () => {
  it('keeps only digits, at most four, so a pasted SMS text works', () => {
    expect(codeDigits('12')).toBe('12');
    expect(codeDigits('Код для входу: 4821. Нікому його не повідомляйте.')).toBe('4821');
    expect(codeDigits('12 34 56')).toBe('1234');
    expect(codeDigits('abc')).toBe('');
  });

  it('empty gives the empty-field message, any other length than 4 the sms-invalid one', () => {
    expect(validateCode('')).toBe('empty');
    expect(validateCode('1')).toBe('smsInvalid');
    expect(validateCode('123')).toBe('smsInvalid');
    expect(validateCode('12345')).toBe('smsInvalid');
    expect(validateCode('12a4')).toBe('smsInvalid');
    expect(validateCode('0000')).toBeNull();
  });
});

describe('the stage machine', () => {
  const sent = { type: 'login' as const, source: 'patient' as const, id: 'r', timeToNextSend: 1000 };

  it('goes 1 -> 2 on phone sent, keeping the phone and clearing the checkout-login flag', () => {
    const open = flowReducer(CLOSED, { type: 'open', fromCheckout: true });
    expect(open).toMatchObject({ stage: 1, fromCheckout: true, checkoutLogin: true });
    const code = flowReducer(open, { type: 'phoneSent', phone: '+380671234567', sent });
    expect(code).toMatchObject({ stage: 2, phone: '+380671234567', checkoutLogin: false, fromCheckout: true });
    expect(flowReducer(code, { type: 'approved', registrationId: 'x' })).toMatchObject({
      stage: 3,
      registrationId: 'x',
    });
  });

  it('closing any stage returns to 0 with everything reset', () => {
    let flow = flowReducer(CLOSED, { type: 'open', fromCheckout: true });
    flow = flowReducer(flow, { type: 'phoneSent', phone: '+380671234567', sent });
    flow = flowReducer(flow, { type: 'approved', registrationId: 'x' });
    flow = flowReducer(flow, { type: 'registered' });
    expect(flow.stage).toBe(4);
    expect(flowReducer(flow, { type: 'close' })).toEqual(CLOSED);
  });

  it('ignores answers for a stage already left', () => {
    expect(flowReducer(CLOSED, { type: 'approved', registrationId: 'x' })).toBe(CLOSED);
    expect(flowReducer(CLOSED, { type: 'phoneSent', phone: '+380671234567', sent })).toBe(CLOSED);
    const open = flowReducer(CLOSED, { type: 'open', fromCheckout: false });
    expect(flowReducer(open, { type: 'registered' })).toBe(open);
    expect(flowReducer(open, { type: 'open', fromCheckout: true })).toBe(open);
  });
});
