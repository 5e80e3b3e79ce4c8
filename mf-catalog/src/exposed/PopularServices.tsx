import '../i18n/ready';
import { PopularServices as Component } from '../features/home';

/** Home widget: the chosen city's popular analyses. */
export default function PopularServices() {
  return <Component />;
}
