// Prints a PDF's text, page by page, as JSON: `node pdf-text.mjs < file.pdf`. A separate process
// because pdfjs-dist (Mozilla's PDF reader) is an ES module, which jest's CommonJS runtime cannot import.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0 }).promise;
const pages = [];
for (let number = 1; number <= pdf.numPages; number++) {
  const content = await (await pdf.getPage(number)).getTextContent();
  pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
}
const { info } = await pdf.getMetadata();
process.stdout.write(JSON.stringify({ pages, title: info.Title ?? null }));
