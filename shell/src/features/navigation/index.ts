export { ScrollManager } from './ScrollManager';
