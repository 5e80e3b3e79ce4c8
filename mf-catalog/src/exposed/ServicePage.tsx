import '../i18n';
import { ServicePage as Component } from '../features/service';

/** Route /analysis/{slug}: one analysis or package. */
export default function ServicePage() {
  return <Component />;
}
