export { SignIn, type SignInProps } from './SignIn';
