// The feature's face without React or styles: for the shell's server (scripts/boundaries.mjs).
export { buildHead, escapeHtml, type HeadTags, renderHeadHtml, type SiteFacts } from './head';
