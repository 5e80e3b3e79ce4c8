import '../i18n/ready';
import { SearchPage as Component } from '../features/search';

/** Route /search?query={text}: the grouped search results. */
export default function SearchPage() {
  return <Component />;
}
