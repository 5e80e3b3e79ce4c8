import '../i18n/ready';
import { SearchLauncher } from '../features/search';

/** Header slot: the search button and the search modal it opens. */
export default function SearchButton() {
  return <SearchLauncher />;
}
