/** Helpers of the unit tests: the providers the modal lives in on a real page, and the API's answers. */
import { ApiError, api, type DoctorSelf, type Gender, type PhoneData } from '@lab/api';
import { bus, emitOrKeep } from '@lab/events';
import { initI18n, setLocale } from '@lab/i18n';
import { MemoryRouter, useLocation } from '@lab/router';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import '../i18n/all';

export const PHONE = '+380671234567';
export const GENDERS: Gender[] = [
  { id: 1, code: 'male', title: 'Чоловіча', enabled: true },
  { id: 2, code: 'female', title: 'Жіноча', enabled: true },
  { id: 3, code: 'other', title: 'Вимкнена', enabled: false },
];

export const DOCTOR: DoctorSelf = {
  doctorData: {
    id: 11,
    version: 1,
    firstName: 'Ірина',
    lastName: 'Коваль',
    middleName: null,
    mobilePhone: '+380501112233',
    email: null,
    photo: false,
  },
};

export const phoneData = (overrides: Partial<PhoneData> = {}): PhoneData => ({
  type: 'login',
  source: 'patient',
  id: 'request-1',
  timeToNextSend: 60_000,
  ...overrides,
});

export const rejected = (status: number, code: string, message: string, field?: string) =>
  new ApiError(status, code, message, field);

export async function setUpI18n(locale: 'ua' | 'ru' = 'ua'): Promise<void> {
  initI18n(locale);
  await setLocale(locale);
}

/** Spies on every call the sign-in makes; each test sets the answers it needs. */
export function mockApi() {
  return {
    sendPhone: jest.spyOn(api.auth, 'sendPhone').mockResolvedValue(phoneData()),
    login: jest.spyOn(api.auth, 'login').mockResolvedValue({ userId: 7, roles: ['patient'] }),
    approve: jest.spyOn(api.auth, 'approveRegistration').mockResolvedValue({ id: 'registration-1' }),
    register: jest.spyOn(api.auth, 'register').mockResolvedValue({ code: 'one-time-login-token' }),
    genders: jest.spyOn(api.auth, 'genders').mockResolvedValue(GENDERS),
    merge: jest.spyOn(api.cart, 'merge').mockResolvedValue({
      id: 'user-cart',
      items: [],
      additionalItems: [],
      totalPrice: 0,
      originalTotalPrice: 0,
      promo: null,
    }),
    doctorSelf: jest
      .spyOn(api.doctor, 'self')
      .mockRejectedValue(rejected(404, 'doctor-not-found', 'Профіль лікаря не знайдено')),
  };
}

export let location = '/';

function LocationProbe() {
  location = useLocation().pathname;
  return null;
}

/** Renders inside a router (the doctor is sent on) and a fresh SWR cache. */
export function renderWithProviders(ui: ReactNode, path = '/') {
  location = path;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        {ui}
        <LocationProbe />
      </SWRConfig>
    </MemoryRouter>,
  );
}

/** What the shell's account button and the checkout do. */
export function openSignIn(fromCheckout = false): void {
  act(() => emitOrKeep('auth:open', { fromCheckout }));
}

export function resetPage(): void {
  window.localStorage.clear();
  bus.all.clear();
  jest.restoreAllMocks();
}
