export { DOCTOR_HOME, useCompleteSignIn } from './useCompleteSignIn';
