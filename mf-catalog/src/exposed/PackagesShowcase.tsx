import '../i18n/ready';
import { PackagesShowcase as Component } from '../features/home';

/** Home widget: popular packages and the packages tree's groups. */
export default function PackagesShowcase() {
  return <Component />;
}
