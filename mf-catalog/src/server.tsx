// The catalogue's server module for the shell's server (@lab/pages; built to dist/server/pages.js):
// its pages described and previewed from the same route objects the browser mounts.
import { createRemoteServer } from '@lab/pages';
import './i18n/all';
import { routes } from './routes';

export const { describePage } = createRemoteServer(routes);
