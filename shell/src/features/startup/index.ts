export { nextTask } from './nextTask';
