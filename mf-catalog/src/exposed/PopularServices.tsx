import '../i18n';
import { PopularServices as Component } from '../features/home';

/** Home widget: the chosen city's popular analyses. */
export default function PopularServices() {
  return <Component />;
}
