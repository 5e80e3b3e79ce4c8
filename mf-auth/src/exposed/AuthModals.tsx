// the shell renders this once its texts in the page's language are there (@lab/i18n)
export { textsReady } from '../i18n';

import { SignInModals } from '../features/sign-in';

/** Mounted once per page by the shell; opens on the bus's `auth:open`. */
export default function AuthModals() {
  return <SignInModals />;
}
