import { textsReady } from './index';

// An exposed module imports this first: it renders only once its texts in the page's locale are there.
await textsReady;
