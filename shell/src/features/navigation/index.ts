export { PageScroll } from './PageScroll';
