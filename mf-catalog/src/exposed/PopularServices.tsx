// the shell renders this once its texts in the page's language are there (@lab/i18n)
export { textsReady } from '../i18n';

import { PopularServices as Component } from '../features/home';

/** Home widget: the chosen city's popular analyses. */
export default function PopularServices() {
  return <Component />;
}
