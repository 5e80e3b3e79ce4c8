import '../i18n';
import { AccountRoutes } from '../app/AccountRoutes';

/** Route /account/*: the personal account; its pages are routed here, relative to the shell's route. */
export default function AccountPage() {
  return <AccountRoutes />;
}
