import '../i18n';
import { ProfileMenu as Menu } from '../features/profile';

/** Header slot: the account button for guests, the profile entry for signed-in users. */
export default function ProfileMenu() {
  return <Menu />;
}
