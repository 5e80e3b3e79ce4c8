import '../i18n';
import { CataloguePage as Component } from '../features/catalogue';

/** Route /analyzes: the analyses and packages trees. */
export default function CataloguePage() {
  return <Component />;
}
