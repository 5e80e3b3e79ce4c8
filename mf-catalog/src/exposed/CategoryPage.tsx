import '../i18n';
import { CategoryPage as Component } from '../features/catalogue';

/** Route /analyzes/{slug}: one category's analyses, filtered and paged. */
export default function CategoryPage() {
  return <Component />;
}
