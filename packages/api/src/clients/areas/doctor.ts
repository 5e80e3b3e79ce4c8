import type {
  CurrentWorkplaceResponse,
  DoctorSelf,
  DoctorSpecializationResponse,
  ManagerResponse,
  Workplace,
} from '../../contract/doctor';
import type { PhotoUploadResponse } from '../../contract/patient';
import { endpointUrl, send, upload } from '../send';

export const doctor = {
  self: (): Promise<DoctorSelf> => send('doctorSelf', {}),
  photoUrl: (version: number): string => endpointUrl('doctorPhoto', undefined, { v: version }),
  uploadPhoto: (file: Blob): Promise<PhotoUploadResponse> => upload('doctorPhotoUpload', file),
  manager: (): Promise<ManagerResponse> => send('doctorManager', {}),
  workplaces: (): Promise<Workplace[]> => send('doctorWorkplaces', {}),
  currentWorkplace: (): Promise<CurrentWorkplaceResponse> => send('doctorWorkplaceCurrent', {}),
  selectWorkplace: (workplaceId: number): Promise<Workplace> =>
    send('doctorWorkplaceSelect', { params: { id: workplaceId } }),
  specialization: (): Promise<DoctorSpecializationResponse> => send('doctorSpecialization', {}),
};
