export { HeadManager } from './HeadManager';
export { applyHead, buildHead, type HeadTags, renderHeadHtml, type SiteFacts } from './head';
export { publicUrl, siteFacts } from './site';
