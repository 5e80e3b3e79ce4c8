// The account's server module for the shell's server (@lab/preview; built to dist/server/preview.js):
// its pages' crumbs and titles from the same route objects the browser mounts; nothing is previewed.
import { createRemoteServer } from '@lab/preview';
import './i18n';
import { routes } from './routes';

export const { describePage } = createRemoteServer(routes);
