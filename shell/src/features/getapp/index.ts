export { GetAppPage } from './GetAppPage';
