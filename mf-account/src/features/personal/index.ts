export { PersonalPage } from './PersonalPage';
export { PHOTO_MAX_BYTES, PHOTO_TYPES, PhotoUpload, photoProblem } from './PhotoUpload';
export { ProfileDetails } from './ProfileDetails';
export { ResultSharing } from './ResultSharing';
export { SupportNote } from './SupportNote';
export { validateWard } from './WardForm';
export { Wards } from './Wards';
