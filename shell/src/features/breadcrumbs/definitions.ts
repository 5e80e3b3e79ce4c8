import type { CrumbDefinition } from './trail';

/**
 * Which of the shell's own routes show a crumb; ids mark labels that pages replace with real names. The
 * remotes' pages bring their crumbs in their routes' handles (useRemoteCrumbs, and on the server their
 * server modules).
 */
export const CRUMBS: readonly CrumbDefinition[] = [
  { pattern: '/getapp', labelKey: 'crumbs.getapp' },
  { pattern: '/contacts', labelKey: 'crumbs.contacts' },
  { pattern: '/news', labelKey: 'crumbs.news' },
  { pattern: '/news/:slug', labelKey: 'crumbs.newsItem', id: 'news-item' },
  { pattern: '/about', labelKey: 'crumbs.about' },
  { pattern: '/documents', labelKey: 'crumbs.documents' },
  { pattern: '/documents/:slug', labelKey: 'crumbs.document', id: 'document' },
  { pattern: '/equipment', labelKey: 'crumbs.equipment' },
];
