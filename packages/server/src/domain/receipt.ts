/**
 * The payment receipt as a PDF, in Ukrainian. It carries the order number (also in the document's title and subject), the
 * lines, the totals and the payment.
 */
import type { Order } from '@lab/api/contract';
import type { PaymentRow } from '../repositories/payments';
import { createPdf, kyivDateTime } from './pdf';

/** 1234.5 -> '1 234.50 грн' */
export function formatMoney(value: number): string {
  const [whole = '0', cents = '00'] = value.toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}.${cents} грн`;
}

export async function receiptPdf(order: Order, payment: PaymentRow): Promise<Buffer> {
  const title = `Квитанція про оплату замовлення № ${order.number}`;
  const { doc, done } = createPdf({
    Title: `Receipt ${order.number}`,
    Subject: `Order ${order.number}, payment ${payment.id}`,
    Author: 'Lab',
  });

  doc.font('bold').fontSize(16).text(title);
  doc.moveDown(0.5);
  doc.font('regular').fontSize(10);
  doc.text(`Дата замовлення: ${kyivDateTime(order.createdAt)}`);
  doc.text(
    `Пацієнт: ${[order.patient.lastName, order.patient.firstName, order.patient.middleName].filter(Boolean).join(' ')}`,
  );
  if (order.branch) doc.text(`Відділення: ${order.branch.address}`);
  if (order.homeVisit) {
    doc.text(
      `Виїзд медсестри: ${order.homeVisit.street}, ${order.homeVisit.house}, ${order.homeVisit.arrivalDate} ${order.homeVisit.arrivalTime}`,
    );
  }
  doc.moveDown();

  const left = 50;
  const priceX = 430;
  const row = (code: string, name: string, price: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular');
    doc.text(code, left, y, { width: 60 });
    doc.text(name, left + 65, y, { width: priceX - left - 75 });
    const after = doc.y;
    doc.text(price, priceX, y, { width: 110, align: 'right' });
    doc.y = Math.max(after, doc.y);
    doc.x = left;
  };
  row('Код', 'Послуга', 'Ціна', true);
  doc
    .moveTo(left, doc.y + 2)
    .lineTo(545, doc.y + 2)
    .stroke();
  doc.moveDown(0.3);
  for (const item of [...order.items, ...order.additionalServices]) {
    row(item.code, item.title, formatMoney(item.price));
  }
  doc.moveDown();
  const totals: Array<[string, number]> = [
    ['Знижка за онлайн-оплату', order.onlineDiscount],
    ['Знижка за промокодом', order.promoDiscount],
    ['Інші знижки', order.otherDiscounts],
    ['Виїзд медсестри', order.homeVisitCost],
  ];
  for (const [label, value] of totals) if (value > 0) row('', label, formatMoney(value));
  row('', 'Разом до сплати', formatMoney(order.totalPrice), true);
  doc.moveDown();
  doc.font('regular');
  doc.text(`Оплачено онлайн: ${formatMoney(payment.amount)}`, left);
  doc.text(`Платіж: ${payment.id}`, left);
  if (payment.completedAt) doc.text(`Дата оплати: ${kyivDateTime(payment.completedAt)}`, left);
  doc.end();
  return done;
}
