export { SignInModals } from './SignInModals';
