import type {
  Gender,
  LoginResponse,
  PhoneData,
  RegistrationApproveResponse,
  RegistrationPayload,
  RegistrationResponse,
  SessionInfo,
  Specialization,
} from '../../contract/auth';
import type { Ok } from '../../contract/common';
import { send } from '../send';

/** Sign-in by phone (docs/product.md#sign-in). */
export const auth = {
  /** Step 1: the answer's type and source decide whether the code approves a registration or logs in. */
  sendPhone: (phone: string): Promise<PhoneData> => send('authPhone', { body: { phone } }),
  login: (phone: string, password: string): Promise<LoginResponse> => send('login', { body: { phone, password } }),
  approveRegistration: (registrationId: string, code: string): Promise<RegistrationApproveResponse> =>
    send('registrationApprove', { params: { id: registrationId }, body: { code } }),
  /** Answers the code that logs the new patient in at once. */
  register: (registrationId: string, profile: RegistrationPayload): Promise<RegistrationResponse> =>
    send('registrationRegister', { params: { id: registrationId }, body: profile }),
  /** canLogin true means guest. */
  info: (): Promise<SessionInfo> => send('sessionInfo', {}),
  logout: (): Promise<Ok> => send('logout', {}),
  genders: (): Promise<Gender[]> => send('genders', {}),
  specializations: (): Promise<Specialization[]> => send('specializations', {}),
};
