import type { Analysis } from '@lab/api';

/** docs/product.md#entities: the unique material titles of the analyses, in order of appearance, joined by '. '. */
export function joinMaterials(analyses: readonly Pick<Analysis, 'materials'>[]): string {
  const titles: string[] = [];
  for (const analysis of analyses) {
    for (const material of analysis.materials) {
      const title = material.title.trim();
      if (title && !titles.includes(title)) titles.push(title);
    }
  }
  return titles.join('. ');
}

/** Whether a preparation text is HTML (rendered sanitized) rather than plain text. */
export function isHtml(text: string): boolean {
  return /<\/?[a-z][a-z0-9]*(\s[^>]*)?>/i.test(text);
}
