import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { repoRoot } from './paths';

/** All bytes of a stream (a Playwright download). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The text of each page of a PDF, as a reader extracts it (the server's pdfjs-dist helper). */
export function pdfText(pdf: Buffer): { pages: string[]; title: string | null } {
  const script = join(repoRoot, 'packages', 'server', 'src', 'test-support', 'pdf-text.mjs');
  return JSON.parse(execFileSync(process.execPath, [script], { input: pdf }).toString('utf8'));
}
