import { startLandingPage } from './features/remotes/headless';

startLandingPage(window.location.pathname);
// An async boundary, so that the shared singletons are negotiated before any of them is used.
import('./bootstrap');
