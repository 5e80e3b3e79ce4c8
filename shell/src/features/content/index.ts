export { AboutPage, ArticlePage, GetAppPage } from './ArticlePage';
export { AsyncContent } from './AsyncContent';
export { ContentRoute } from './ContentRoute';
