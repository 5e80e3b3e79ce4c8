import type {
  PatientProfileBody,
  PatientSelf,
  PhoneCandidateResponse,
  PhotoUploadResponse,
  Ward,
  WardBody,
} from '../../contract/patient';
import { endpointUrl, send, upload } from '../send';

/** Photo URLs carry the profile version so a new photo is not served from cache (docs/product.md#constants). */
const versioned = (version: number) => ({ v: version });

export const patient = {
  self: (): Promise<PatientSelf> => send('patientSelf', {}),
  update: (profile: PatientProfileBody): Promise<PatientSelf> => send('patientUpdate', { body: profile }),
  photoUrl: (version: number): string => endpointUrl('patientPhoto', undefined, versioned(version)),
  uploadPhoto: (file: Blob): Promise<PhotoUploadResponse> => upload('patientPhotoUpload', file),
  wards: (): Promise<Ward[]> => send('wardsList', {}),
  createWard: (ward: WardBody): Promise<Ward> => send('wardCreate', { body: ward }),
  updateWard: (wardId: number, ward: WardBody): Promise<Ward> =>
    send('wardUpdate', { params: { id: wardId }, body: ward }),
  wardPhotoUrl: (wardId: number, version: number): string =>
    endpointUrl('wardPhoto', { id: wardId }, versioned(version)),
  uploadWardPhoto: (wardId: number, file: Blob): Promise<PhotoUploadResponse> =>
    upload('wardPhotoUpload', file, { id: wardId }),
  /** The photo of a doctor as their patient sees it. */
  doctorPhotoUrl: (doctorId: number, version: number): string =>
    endpointUrl('patientDoctorPhoto', { id: doctorId }, versioned(version)),
  /** Phone change, step 1: an SMS code goes to the new phone. */
  requestPhoneChange: (phone: string): Promise<PhoneCandidateResponse> => send('phoneCandidate', { body: { phone } }),
  /** Phone change, step 2. */
  approvePhoneChange: (code: string): Promise<PatientSelf> => send('phoneCandidateApprove', { body: { code } }),
};
