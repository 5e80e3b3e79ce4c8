import {
  type ApiError,
  type DoctorSelf,
  endpointUrl,
  type PatientSelf,
  removeStored,
  useCurrentWorkplace,
  useDoctorSelf,
  usePatientSelf,
  useSession,
  useStored,
  type Workplace,
} from '@lab/api';
import type { Role } from '@lab/events';
import { photoUrl } from '@lab/ui';
import { useEffect } from 'react';

/** What the header and the account show about whoever acts: the patient or the doctor profile. */
export type AccountPerson = {
  firstName: string;
  lastName: string;
  middleName: string | null;
  phone: string | null;
  /** The photo's URL with the profile version (docs/product.md#constants), or null for the icon. */
  photo: string | null;
  /** Patient number (ID) for patients, the current workplace's code for doctors. */
  badge: { kind: 'patient'; number: string } | { kind: 'doctor'; code: string | null };
};

export type ReadyAccount = {
  status: 'ready';
  role: Role;
  hasPatient: boolean;
  hasDoctor: boolean;
  /** Both profiles: the role switch is offered. */
  canSwitch: boolean;
  patient: PatientSelf | undefined;
  doctor: DoctorSelf | undefined;
  workplace: Workplace | null;
  person: AccountPerson;
};

export type Account =
  | { status: 'loading' }
  | { status: 'guest' }
  | { status: 'error'; error: ApiError | undefined; retry: () => void }
  | ReadyAccount;

const missing = (error: ApiError | undefined) => error?.status === 404;

/** The photo URL of a profile: the photo call plus `?v=<version>`; null when there is none. */
export function profilePhotoUrl(kind: 'patient' | 'doctor', hasPhoto: boolean, version: number): string | null {
  if (!hasPhoto) return null;
  return photoUrl(endpointUrl(kind === 'doctor' ? 'doctorPhoto' : 'patientPhoto'), version);
}

/**
 * The role a signed-in user acts in: the stored doctor flag when they have both profiles, else the
 * one profile they have (docs/product.md#role-switch).
 */
export function roleOf(hasPatient: boolean, hasDoctor: boolean, doctorFlag: boolean | null): Role {
  if (hasDoctor && (!hasPatient || doctorFlag === true)) return 'doctor';
  return 'patient';
}

/** The signed-in user's profiles and the role they act in, for the header and every account page. */
export function useAccount(): Account {
  const session = useSession();
  const patient = usePatientSelf();
  const doctor = useDoctorSelf();
  const doctorFlag = useStored('doctor');
  const hasDoctor = doctor.data !== undefined;
  const workplace = useCurrentWorkplace(hasDoctor);

  // docs/product.md#errors: a user without a doctor profile has no business with the stored doctor values
  // the session's answer names the user's profiles (an older API's does not: then a 404 tells)
  const profiles = session.info?.profiles;
  const noDoctor = profiles?.doctor === false || missing(doctor.error);
  useEffect(() => {
    if (!noDoctor) return;
    removeStored('doctor');
    removeStored('doctorType');
  }, [noDoctor]);

  if (session.isLoading && !session.info) return { status: 'loading' };
  if (session.error && !session.info) {
    return { status: 'error', error: session.error, retry: () => void session.refresh() };
  }
  if (!session.signedIn) return { status: session.guest ? 'guest' : 'loading' };

  const patientSettled = profiles?.patient === false || patient.data !== undefined || patient.error !== undefined;
  const doctorSettled = noDoctor || doctor.data !== undefined || doctor.error !== undefined;
  if (!patientSettled || !doctorSettled) return { status: 'loading' };

  const hasPatient = patient.data !== undefined;
  if (!hasPatient && !hasDoctor) {
    const error = patient.error === undefined || missing(patient.error) ? doctor.error : patient.error;
    return {
      status: 'error',
      error,
      retry: () => {
        void patient.mutate();
        void doctor.mutate();
      },
    };
  }

  const role = roleOf(hasPatient, hasDoctor, doctorFlag);
  const current = workplace.data ?? null;
  let person: AccountPerson;
  if (role === 'doctor' && doctor.data) {
    const data = doctor.data.doctorData;
    person = {
      firstName: data.firstName,
      lastName: data.lastName,
      middleName: data.middleName,
      phone: data.mobilePhone ?? patient.data?.phone ?? null,
      photo: profilePhotoUrl('doctor', data.photo, data.version),
      badge: { kind: 'doctor', code: current?.code ?? null },
    };
  } else {
    const self = patient.data as PatientSelf;
    const data = self.userData;
    person = {
      firstName: data.firstName,
      lastName: data.lastName,
      middleName: data.middleName,
      phone: self.phone ?? data.mobilePhone,
      photo: profilePhotoUrl('patient', data.photo, data.version),
      badge: { kind: 'patient', number: data.number },
    };
  }
  return {
    status: 'ready',
    role,
    hasPatient,
    hasDoctor,
    canSwitch: hasPatient && hasDoctor,
    patient: patient.data,
    doctor: doctor.data,
    workplace: current,
    person,
  };
}
