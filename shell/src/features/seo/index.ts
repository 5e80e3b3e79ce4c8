export { HeadManager } from './HeadManager';
export { applyHead, buildHead, type HeadTags, renderHeadHtml, type SiteFacts } from './head';
export { RouteHead } from './RouteHead';
export { publicUrl, siteFacts } from './site';
