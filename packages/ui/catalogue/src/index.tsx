import { initI18n } from '@lab/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ControlsCatalogue } from './Catalogue';

initI18n('ua');
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ControlsCatalogue />
    </StrictMode>,
  );
}
