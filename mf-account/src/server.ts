// The account's server module for the shell's server (@lab/pages; built to dist/server/pages.js):
// its pages' crumbs, titles and headings from the same route objects the browser mounts, and their
// frames (AccountFrame: nothing personal), which the first view draws for a signed-in visitor.
import { createRemoteServer } from '@lab/pages';
import { AccountFrame } from './app/AccountFrame';
import './i18n/all';
import { routes } from './routes';

export const { describePage } = createRemoteServer(routes, { 'mf_account/account': AccountFrame });
