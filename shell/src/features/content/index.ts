export { AboutPage, ArticlePage } from './ArticlePage';
export { AsyncContent } from './AsyncContent';
export { ContentRoute } from './ContentRoute';
export { GetAppPage } from './GetAppPage';
