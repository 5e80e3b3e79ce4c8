import '@lab/ui';
import './console.css';
import { createRoot } from 'react-dom/client';
import { storedLanguage, switchLanguage } from '../lib/i18n';
import { App } from './App';

/** Draws the console in the language this browser chose last. */
export async function start(): Promise<void> {
  await switchLanguage(storedLanguage());
  const root = document.getElementById('console');
  if (root) createRoot(root).render(<App />);
}
