export { RegistrationStage } from './RegistrationStage';
export { type BirthDayError, type NameError, validateBirthDay, validateName } from './validation';
