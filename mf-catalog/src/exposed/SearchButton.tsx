// the shell renders this once its texts in the page's language are there (@lab/i18n)
export { textsReady } from '../i18n';

import { SearchLauncher } from '../features/search';

/** Header slot: the search button and the search modal it opens. */
export default function SearchButton() {
  return <SearchLauncher />;
}
