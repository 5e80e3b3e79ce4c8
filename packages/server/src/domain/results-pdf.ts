/**
 * An order's results as a PDF, the document patients of other labs download: the lab's header, the
 * patient (owner or ward), the order's number and dates, every row with its result, unit, reference
 * values, note and out-of-range mark, page numbers on every page, and a QR code (with its address in
 * words) that opens the order's results page on the site after sign-in.
 */
import { branchLabel } from '@lab/api/branch';
import type { Order, Registry, ResultRow } from '@lab/api/contract';
import QRCode from 'qrcode';
import type { Locale } from '../i18n/messages';
import type { ResultsPdfDetails } from '../repositories/results';
import { createPdf, kyivDateTime } from './pdf';

/** A date of birth as Ukrainian documents write it: 05.03.1988 (a calendar date, no time zone). */
const birthDate = (date: string) => date.slice(0, 10).split('-').reverse().join('.');

const TEXTS = {
  uk: {
    lab: 'Медична лабораторія',
    hotline: 'Гаряча лінія 0 800 102021 (безкоштовно)',
    title: 'Результати лабораторних досліджень',
    order: 'Замовлення №',
    ordered: 'Дата замовлення',
    birthDay: 'Дата народження',
    sex: 'Стать',
    male: 'чоловіча',
    female: 'жіноча',
    sampled: 'Взяття біоматеріалу',
    validated: 'Результати валідував',
    sharedVerify: 'Ці результати надано за посиланням з кодом доступу; перевірка',
    ready: 'Результати готові',
    notReady: 'Результати ще готуються',
    patient: 'Пацієнт',
    doctor: 'Лікар, що направив',
    branch: 'Відділення',
    homeVisit: 'Виїзд медсестри',
    analysis: 'Показник',
    result: 'Результат',
    unit: 'Од. вим.',
    reference: 'Референтні значення',
    high: '▲ вище норми',
    low: '▼ нижче норми',
    found: 'Виявлено',
    notFound: 'Не виявлено',
    empty: 'Результатів у цьому замовленні ще немає.',
    verify: 'Перевірка: відскануйте код або відкрийте адресу після входу до особистого кабінету',
    disclaimer: 'Результати не є діагнозом. Їх тлумачить лікар з урахуванням інших даних обстеження.',
    page: (n: number, of: number) => `Сторінка ${n} з ${of}`,
  },
  ru: {
    lab: 'Медицинская лаборатория',
    hotline: 'Горячая линия 0 800 102021 (бесплатно)',
    title: 'Результаты лабораторных исследований',
    order: 'Заказ №',
    ordered: 'Дата заказа',
    birthDay: 'Дата рождения',
    sex: 'Пол',
    male: 'мужской',
    female: 'женский',
    sampled: 'Взятие биоматериала',
    validated: 'Результаты валидировал',
    sharedVerify: 'Эти результаты предоставлены по ссылке с кодом доступа; проверка',
    ready: 'Результаты готовы',
    notReady: 'Результаты ещё готовятся',
    patient: 'Пациент',
    doctor: 'Направивший врач',
    branch: 'Отделение',
    homeVisit: 'Выезд медсестры',
    analysis: 'Показатель',
    result: 'Результат',
    unit: 'Ед. изм.',
    reference: 'Референсные значения',
    high: '▲ выше нормы',
    low: '▼ ниже нормы',
    found: 'Обнаружено',
    notFound: 'Не обнаружено',
    empty: 'Результатов в этом заказе ещё нет.',
    verify: 'Проверка: отсканируйте код или откройте адрес после входа в личный кабинет',
    disclaimer: 'Результаты не являются диагнозом. Их толкует врач с учётом других данных обследования.',
    page: (n: number, of: number) => `Страница ${n} из ${of}`,
  },
} as const;

const LEFT = 50;
const RIGHT = 545;
/** Column x positions and widths: analysis, result, unit, reference values. */
const COLUMNS = [
  { x: LEFT, width: 175 },
  { x: LEFT + 180, width: 110 },
  { x: LEFT + 295, width: 60 },
  { x: LEFT + 360, width: RIGHT - LEFT - 360 },
] as const;
const DANGER = '#b42318';
const MUTED = '#555b66';

const fullName = (person: { lastName: string; firstName: string; middleName: string | null }) =>
  [person.lastName, person.firstName, person.middleName].filter(Boolean).join(' ');

export type ResultsPdfInput = {
  registry: Registry;
  order: Order;
  /** The patient's date of birth and sex, the sampling time, who validated (repositories/results.ts). */
  details: ResultsPdfDetails;
  /** Made for a recipient of a shared link: the QR code opens the link (with its code), not the account. */
  shared?: boolean;
  /** Where the QR code leads: the order's results page on the site. */
  resultsUrl: string;
  locale: Locale;
};

export async function resultsPdf({
  registry,
  order,
  details,
  shared = false,
  resultsUrl,
  locale,
}: ResultsPdfInput): Promise<Buffer> {
  const text = TEXTS[locale];
  const { doc, done } = createPdf(
    {
      Title: `${text.title}, ${text.order} ${registry.number}`,
      Subject: `${fullName(registry.patient)}, ${text.order} ${registry.number}`,
      Author: text.lab,
    },
    { bufferPages: true },
  );

  // the lab's header with the verification code at its right
  const qr = QRCode.create(resultsUrl, { errorCorrectionLevel: 'M' });
  const qrSize = 84;
  drawQr(doc, qr.modules, RIGHT - qrSize, 45, qrSize);
  doc.font('bold').fontSize(14).fillColor('#0b5cab').text(text.lab, LEFT, 50, { width: 380 });
  doc.font('regular').fontSize(9).fillColor(MUTED).text(text.hotline, { width: 380 });
  doc.moveDown(1.2);
  doc.font('bold').fontSize(15).fillColor('black').text(text.title, { width: 400 });
  doc.moveDown(0.3);
  doc.font('bold').fontSize(11).text(`${text.order} ${registry.number}`, { width: 380 });
  doc.y = Math.max(doc.y, 45 + qrSize) + 10;

  const facts: Array<[string, string]> = [
    [text.patient, fullName(registry.patient)],
    [text.birthDay, details.birthDay ? birthDate(details.birthDay) : '—'],
    [text.sex, details.sex ? text[details.sex] : '—'],
    [text.ordered, kyivDateTime(registry.createdAt)],
    [text.sampled, details.sampledAt ? kyivDateTime(details.sampledAt) : '—'],
    [
      registry.resultsReady ? text.ready : text.notReady,
      registry.resultsReady && order.resultsFetchDate ? kyivDateTime(order.resultsFetchDate) : '—',
    ],
  ];
  if (details.validatedBy) {
    const at = details.validatedAt ? `, ${kyivDateTime(details.validatedAt)}` : '';
    facts.push([text.validated, `${details.validatedBy}${at}`]);
  }
  if (order.doctor) {
    facts.push([
      text.doctor,
      [order.doctor.fullName, order.doctor.code && `(${order.doctor.code})`].filter(Boolean).join(' '),
    ]);
  }
  if (order.branch) facts.push([text.branch, branchLabel(order.branch)]);
  if (order.homeVisit) facts.push([text.homeVisit, `${order.homeVisit.street}, ${order.homeVisit.house}`]);
  doc.fontSize(10);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('regular').fillColor(MUTED).text(label, LEFT, y, { width: 150 });
    const after = doc.y;
    doc
      .font('bold')
      .fillColor('black')
      .text(value, LEFT + 155, y, { width: RIGHT - LEFT - 155 });
    doc.y = Math.max(after, doc.y) + 2;
  }
  doc.moveDown(0.8);

  const header = () => {
    const y = doc.y;
    doc.font('bold').fontSize(9).fillColor(MUTED);
    const labels = [text.analysis, text.result, text.unit, text.reference];
    let bottom = y;
    COLUMNS.forEach((column, index) => {
      doc.text(labels[index] ?? '', column.x, y, { width: column.width });
      bottom = Math.max(bottom, doc.y);
    });
    doc
      .moveTo(LEFT, bottom + 3)
      .lineTo(RIGHT, bottom + 3)
      .lineWidth(0.8)
      .strokeColor('#9aa3af')
      .stroke();
    doc.y = bottom + 8;
  };

  if (registry.results.length === 0) {
    doc.font('regular').fontSize(10).fillColor('black').text(text.empty, LEFT);
  } else {
    header();
    for (const row of registry.results) {
      // a row never splits across pages: a new page gets the table's header again
      if (doc.y + rowHeight(doc, row) > doc.page.height - doc.page.margins.bottom - 20) {
        doc.addPage();
        header();
      }
      drawRow(doc, row, text);
    }
  }
  doc.moveDown(1);
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(text.disclaimer, LEFT, doc.y, { width: RIGHT - LEFT });
  doc.moveDown(0.4);
  doc.text(`${shared ? text.sharedVerify : text.verify}:`, LEFT, doc.y, { width: RIGHT - LEFT });
  doc.fillColor('#0b5cab').text(resultsUrl, LEFT, doc.y, { width: RIGHT - LEFT, link: resultsUrl, underline: true });

  // page numbers, once the number of pages is known
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the margin must not open another page
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        `${text.order} ${registry.number} · ${text.page(index - range.start + 1, range.count)}`,
        LEFT,
        doc.page.height - 35,
        { width: RIGHT - LEFT, align: 'right', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

type Texts = (typeof TEXTS)[Locale];

function resultText(row: ResultRow, text: Texts): string {
  if (row.found !== null) return row.found ? text.found : text.notFound;
  return row.result ?? '—';
}

function rowHeight(doc: PDFKit.PDFDocument, row: ResultRow): number {
  doc.font('regular').fontSize(10);
  const name = doc.heightOfString(row.analysisName, { width: COLUMNS[0].width });
  const note = row.note ? doc.fontSize(8.5).heightOfString(row.note, { width: RIGHT - LEFT - 180 }) : 0;
  return Math.max(name, 26) + note + 10;
}

function drawRow(doc: PDFKit.PDFDocument, row: ResultRow, text: Texts): void {
  const y = doc.y;
  const flagged = row.outOfRange !== null || row.found === true;
  doc.font('regular').fontSize(10).fillColor('black');
  doc.text(row.analysisName, COLUMNS[0].x, y, { width: COLUMNS[0].width });
  let bottom = doc.y;
  doc.font(flagged ? 'bold' : 'regular').fillColor(flagged ? DANGER : 'black');
  doc.text(resultText(row, text), COLUMNS[1].x, y, { width: COLUMNS[1].width });
  if (row.outOfRange) {
    doc
      .font('regular')
      .fontSize(8.5)
      .text(row.outOfRange === 'high' ? text.high : text.low, { width: COLUMNS[1].width });
  }
  bottom = Math.max(bottom, doc.y);
  doc.font('regular').fontSize(10).fillColor('black');
  doc.text(row.unit ?? '', COLUMNS[2].x, y, { width: COLUMNS[2].width });
  bottom = Math.max(bottom, doc.y);
  doc.text(row.referenceValues ?? '—', COLUMNS[3].x, y, { width: COLUMNS[3].width });
  bottom = Math.max(bottom, doc.y);
  if (row.note) {
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(row.note, COLUMNS[1].x, bottom + 1, { width: RIGHT - COLUMNS[1].x });
    bottom = doc.y;
  }
  doc
    .moveTo(LEFT, bottom + 4)
    .lineTo(RIGHT, bottom + 4)
    .lineWidth(0.4)
    .strokeColor('#d5d9e0')
    .stroke();
  doc.x = LEFT;
  doc.y = bottom + 8;
}

/** The QR code's modules as filled squares (vector, sharp at any zoom). */
function drawQr(doc: PDFKit.PDFDocument, modules: QRCode.BitMatrix, x: number, y: number, size: number): void {
  const count = modules.size;
  const cell = size / count;
  doc.save().fillColor('black');
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) {
      if (modules.get(row, column)) doc.rect(x + column * cell, y + row * cell, cell, cell);
    }
  }
  doc.fill().restore();
}
