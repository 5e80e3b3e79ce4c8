import type { PhoneData } from '@lab/api';

/** Login stages of docs/product.md#sign-in: 0 closed, 1 phone, 2 SMS code, 3 registration, 4 success. */
export type Stage = 0 | 1 | 2 | 3 | 4;

export type Flow = {
  stage: Stage;
  /** Sign-in started at the checkout (the success button says so); kept until the modal closes. */
  fromCheckout: boolean;
  /** The checkout asked for this sign-in and the phone is not sent yet (the phone stage says why). */
  checkoutLogin: boolean;
  /** International form of the phone the code went to: approve, login and resend need it. */
  phone: string;
  /** The answer to the latest SMS. */
  sent: PhoneData | null;
  /** The approved registration (stage 3). */
  registrationId: string | null;
};

export type FlowAction =
  | { type: 'open'; fromCheckout: boolean }
  | { type: 'close' }
  | { type: 'phoneSent'; phone: string; sent: PhoneData }
  | { type: 'resent'; sent: PhoneData }
  | { type: 'changePhone' }
  | { type: 'approved'; registrationId: string }
  | { type: 'registered' };

export const CLOSED: Flow = {
  stage: 0,
  fromCheckout: false,
  checkoutLogin: false,
  phone: '',
  sent: null,
  registrationId: null,
};

/**
 * The stage machine. Closing from any stage returns to 0 with every value reset; an answer that
 * arrives for a stage the visitor has already left (closed, changed the phone) is ignored.
 */
export function flowReducer(flow: Flow, action: FlowAction): Flow {
  switch (action.type) {
    case 'open':
      return flow.stage === 0
        ? { ...CLOSED, stage: 1, fromCheckout: action.fromCheckout, checkoutLogin: action.fromCheckout }
        : flow;
    case 'close':
      return CLOSED;
    case 'phoneSent':
      // the phone field clears (stage 1 unmounts); the checkout-login flag is done with
      return flow.stage === 1
        ? { ...flow, stage: 2, phone: action.phone, sent: action.sent, checkoutLogin: false }
        : flow;
    case 'resent':
      return flow.stage === 2 ? { ...flow, sent: action.sent } : flow;
    case 'changePhone':
      return flow.stage === 2 ? { ...flow, stage: 1, phone: '', sent: null } : flow;
    case 'approved':
      return flow.stage === 2 ? { ...flow, stage: 3, registrationId: action.registrationId } : flow;
    case 'registered':
      return flow.stage === 3 ? { ...flow, stage: 4 } : flow;
  }
}
