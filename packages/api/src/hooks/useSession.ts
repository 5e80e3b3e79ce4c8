/** The session and the signed-in user's profiles (docs/product.md#guest-or-signed-in). */
import { useLocale } from '@lab/i18n';
import { useCallback, useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../clients/api';
import type { SessionInfo } from '../contract/auth';
import type { CurrentWorkplaceResponse, DoctorSelf, DoctorSpecializationResponse, Workplace } from '../contract/doctor';
import type { PatientSelf, Ward } from '../contract/patient';
import { getStored, removeStored } from '../storage';
import { useStored } from '../useStored';
import { apiKeys, keysOf, SESSION_AREAS } from './keys';
import { forgetEarlyResponses, rememberSession } from './pageData';
import { reads } from './reads';
import { type ApiResponse, useApiSWR } from './swr';

export type Session = {
  info: SessionInfo | undefined;
  /** canLogin false: a user is signed in. False while unknown. */
  signedIn: boolean;
  /** canLogin true. False while unknown. */
  guest: boolean;
  isLoading: boolean;
  error: ApiResponse<SessionInfo>['error'];
  /** After login, registration or logout: refetch the session and drop the previous user's data. */
  refresh: () => Promise<void>;
};

export function useSession(): Session {
  // the read every page's first view carries (reads.session), asked through the auth client
  const { data, error, isLoading } = useApiSWR(reads.session().key, () => api.auth.info());
  const { mutate } = useSWRConfig();
  const refresh = useCallback(async () => {
    // an answer the page's HTML started was the previous session's
    forgetEarlyResponses();
    await mutate(keysOf(...SESSION_AREAS), undefined, { revalidate: true });
  }, [mutate]);
  const guest = data?.canLogin === true;
  // docs/product.md#guest-or-signed-in: canLogin true means guest, whatever the browser stored while a doctor's session
  // lived (it may have expired or been cleared without a logout)
  useEffect(() => {
    if (guest) forgetDoctor();
  }, [guest]);
  // what a signed-in page's route may ask for before its code arrives (pageData.ts)
  useEffect(() => rememberSession(data), [data]);
  return {
    info: data,
    signedIn: data?.canLogin === false,
    guest,
    isLoading,
    error,
    refresh,
  };
}

function forgetDoctor(): void {
  for (const key of ['doctor', 'doctorType'] as const) if (getStored(key) !== null) removeStored(key);
}

/**
 * Whether the visitor acts as a doctor (docs/product.md#roles: no cart): the stored doctor flag, unless the
 * session is known to be a guest's, even before that stale flag is reset. While the session is still
 * being read the flag is trusted, so a doctor's page does not flash a cart.
 */
export function useActsAsDoctor(): boolean {
  const { guest } = useSession();
  return useStored('doctor') === true && !guest;
}

/** Whether the session may have this profile: false only when its answer says the user has none. */
function mayHave(info: SessionInfo | undefined, profile: keyof NonNullable<SessionInfo['profiles']>): boolean {
  return info?.profiles?.[profile] !== false;
}

/** Not asked for a user the session says has no patient profile (a doctor without one). */
export function usePatientSelf(): ApiResponse<PatientSelf> {
  const { signedIn, info } = useSession();
  const locale = useLocale();
  return useApiSWR(signedIn && mayHave(info, 'patient') ? apiKeys.patientSelf(locale) : null, () => api.patient.self());
}

/**
 * Not asked for a user the session says has no doctor profile; an older API that does not say answers
 * such a user 404 here, which is not retried.
 */
export function useDoctorSelf(): ApiResponse<DoctorSelf> {
  const { signedIn, info } = useSession();
  const locale = useLocale();
  return useApiSWR(signedIn && mayHave(info, 'doctor') ? apiKeys.doctorSelf(locale) : null, () => api.doctor.self(), {
    shouldRetryOnError: false,
  });
}

export function useWards(): ApiResponse<Ward[]> {
  const { signedIn } = useSession();
  const locale = useLocale();
  return useApiSWR(signedIn ? apiKeys.wards(locale) : null, () => api.patient.wards());
}

/** `enabled` false for users without a doctor profile. */
export function useDoctorWorkplaces(enabled = true): ApiResponse<Workplace[]> {
  const { signedIn } = useSession();
  const locale = useLocale();
  return useApiSWR(signedIn && enabled ? apiKeys.doctorWorkplaces(locale) : null, () => api.doctor.workplaces());
}

export function useCurrentWorkplace(enabled = true): ApiResponse<CurrentWorkplaceResponse> & {
  select: (workplaceId: number) => Promise<Workplace>;
} {
  const { signedIn } = useSession();
  const locale = useLocale();
  const response = useApiSWR(signedIn && enabled ? apiKeys.currentWorkplace(locale) : null, () =>
    api.doctor.currentWorkplace(),
  );
  const { mutate } = response;
  const select = useCallback(
    async (workplaceId: number) => {
      const workplace = await api.doctor.selectWorkplace(workplaceId);
      await mutate(workplace, { revalidate: false });
      return workplace;
    },
    [mutate],
  );
  return Object.assign(response, { select });
}

/** The doctor's specialty (null when none is recorded); `enabled` false for users without a doctor profile. */
export function useDoctorSpecialization(enabled = true): ApiResponse<DoctorSpecializationResponse> {
  const { signedIn } = useSession();
  const locale = useLocale();
  return useApiSWR(signedIn && enabled ? apiKeys.doctorSpecialization(locale) : null, () =>
    api.doctor.specialization(),
  );
}
