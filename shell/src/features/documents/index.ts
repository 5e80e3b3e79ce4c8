export { DocumentPage } from './DocumentPage';
export { DocumentsPage } from './DocumentsPage';
