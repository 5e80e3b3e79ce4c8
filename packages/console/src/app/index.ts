export { start } from './start';
