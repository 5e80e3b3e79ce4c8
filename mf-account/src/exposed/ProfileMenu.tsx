// the shell renders this once its texts in the page's language are there (@lab/i18n)
export { textsReady } from '../i18n';

import { ProfileMenu as Menu } from '../features/profile';

/** Header slot: the sign-in button for guests, the profile dropdown (menu button) for signed-in users. */
export default function ProfileMenu() {
  return <Menu />;
}
