import '../i18n/ready';
import { ServicePage as Component } from '../features/service';

/** Route /analysis/{slug}: one analysis or package. */
export default function ServicePage() {
  return <Component />;
}
