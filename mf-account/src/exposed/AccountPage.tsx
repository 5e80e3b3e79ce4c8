import '../i18n';
import { AccountHome } from '../features/profile';

/** Route /account/*: the personal account. */
export default function AccountPage() {
  return <AccountHome />;
}
