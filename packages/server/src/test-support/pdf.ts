import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** The text of each page of a PDF and its title, as a reader (pdfjs-dist) extracts them. */
export function pdfText(pdf: Buffer): { pages: string[]; title: string | null } {
  const out = execFileSync(process.execPath, [join(__dirname, 'pdf-text.mjs')], { input: pdf, cwd: __dirname });
  return JSON.parse(out.toString('utf8')) as { pages: string[]; title: string | null };
}
