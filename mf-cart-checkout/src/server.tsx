// The cart's server module for the shell's server (@lab/pages; built to dist/server/pages.js): its
// pages described from the same route objects the browser mounts, a first visit's (empty) cart previewed.
import { createRemoteServer } from '@lab/pages';
import './i18n/all';
import { routes } from './routes';

export const { describePage } = createRemoteServer(routes);
