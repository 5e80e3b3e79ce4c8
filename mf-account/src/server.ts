// The account's server module for the shell's server (@lab/pages; built to dist/server/pages.js):
// its pages' crumbs, titles and headings from the same route objects the browser mounts, and their
// frames (AccountFrame: nothing personal), which the first view draws for a signed-in visitor.
import { createRemoteServer } from '@lab/pages';
import { createElement } from 'react';
import { AccountFrame, AccountPagesProvider } from './app/AccountFrame';
import './i18n/all';
import { accountPageAt, routes } from './routes';

/** The frame with the account's pages to look its heading up in. */
const Frame = () => createElement(AccountPagesProvider, { value: accountPageAt }, createElement(AccountFrame));

export const { describePage } = createRemoteServer(routes, { 'mf_account/account': Frame });
