// /shared/{token}: the page of results someone shared (routes.ts), outside the account's sign-in.
import '../i18n';
import { SharedResultsPage } from '../features/sharing';

export function SharedResultsRoute() {
  return <SharedResultsPage />;
}
