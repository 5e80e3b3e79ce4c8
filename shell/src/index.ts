import { startLandingPage } from './features/remotes/headless';
import { nextTask } from './features/startup';

startLandingPage(window.location.pathname, window.location.search);
// An async boundary, so that the shared singletons are negotiated before any of them is used; in a task
// after the federation runtime's start, not in the same long one (bootstrap.ts).
void nextTask().then(() => import('./bootstrap'));
