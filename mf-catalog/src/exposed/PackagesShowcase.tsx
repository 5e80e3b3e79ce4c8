// the shell renders this once its texts in the page's language are there (@lab/i18n)
export { textsReady } from '../i18n';

import { PackagesShowcase as Component } from '../features/home';

/** Home widget: popular packages and the packages tree's groups. */
export default function PackagesShowcase() {
  return <Component />;
}
