/**
 * What the server's PDFs share (pdfkit): DejaVu Sans embedded so that Cyrillic renders everywhere, the
 * document collected into one Buffer, and dates as the site shows them (DD.MM.YYYY HH:mm, Kyiv time).
 */
import PDFDocument from 'pdfkit';
import { kyivWallTime } from './kyiv-time';

const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export type Pdf = { doc: PDFKit.PDFDocument; done: Promise<Buffer> };

/** An A4 document with the fonts `regular` and `bold`; call `doc.end()`, then await `done`. */
export function createPdf(info: PDFKit.DocumentInfo, options: { bufferPages?: boolean } = {}): Pdf {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info, bufferPages: options.bufferPages ?? false });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** '2026-11-18T09:30:00Z' -> '18.11.2026 11:30' */
export function kyivDateTime(iso: string): string {
  const { date, minutes } = kyivWallTime(new Date(iso));
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
