export { ReleaseForm, type ReleaseFormProps } from './ReleaseForm';
