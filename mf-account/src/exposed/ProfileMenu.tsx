import '../i18n/ready';
import { ProfileMenu as Menu } from '../features/profile';

/** Header slot: the sign-in button for guests, the profile dropdown (menu button) for signed-in users. */
export default function ProfileMenu() {
  return <Menu />;
}
