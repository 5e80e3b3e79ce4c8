import '../i18n/ready';
import { SignInModals } from '../features/sign-in';

/** Mounted once per page by the shell; opens on the bus's `auth:open`. */
export default function AuthModals() {
  return <SignInModals />;
}
