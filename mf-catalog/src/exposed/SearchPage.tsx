import '../i18n';
import { SearchPage as Component } from '../features/search';

/** Route /search?query={text}: the grouped search results. */
export default function SearchPage() {
  return <Component />;
}
