import { eq } from 'drizzle-orm';
import type { Declaration } from '@waystation/shared/contract/goodsOut/customs';
import type { Db } from '../../db';
import { members, packages, shipChannels } from '../../db/schema';
import type { PackageAddress } from '../../db/schema';
import { conflict, notFound } from '../../core/errors';
import { businessDateTime } from '../../platform/businessTime';
import { MM, newPdf } from '../../platform/pdf';
import { textParam } from '../reference/settings';
import { declarationOf } from './customs';

/**
 * The customs papers of a package (issue #33), one PDF for the printer beside the label: the CN22 (100 × 150 mm, a
 * declared value up to the limit) or the CN23 (A4, above it), then the commercial invoice (A4).
 */

/** Who sends: the warehouse, as the system param customs.sender says (name, address, phone on separate lines). */
const DEFAULT_SENDER = 'Waystation Warehouse\nChina';

export interface CustomsPapers {
  packageNo: string;
  /** The carrier's tracking number once booked or handed over ('' before): the item number the forms name. */
  trackingNo: string;
  date: Date;
  sender: string;
  receiver: PackageAddress;
  userCode: string;
  channelName: string;
  weightG: number;
  freight: { amount: number; currency: string };
  declaration: Declaration;
}

export async function customsPapersOf(db: Db, packageNo: string, now: Date): Promise<CustomsPapers> {
  const [row] = await db
    .select({ pkg: packages, channelName: shipChannels.nameEn, channelZh: shipChannels.name, userCode: members.userCode })
    .from(packages)
    .innerJoin(shipChannels, eq(shipChannels.id, packages.channelId))
    .innerJoin(members, eq(members.id, packages.memberId))
    .where(eq(packages.packageNo, packageNo));
  if (!row) throw notFound('包裹不存在');
  const declaration = await declarationOf(db, row.pkg.id, null);
  if (!declaration.lines.length) throw conflict(`包裹 ${packageNo} 还没有报关申报`);
  const missing = declaration.lines.filter((l) => !l.descriptionEn).map((l) => l.lineNo);
  if (missing.length) throw conflict(`包裹 ${packageNo} 第 ${missing.join('、')} 行申报缺少英文品名，请先补全申报`);
  return {
    packageNo,
    trackingNo: row.pkg.trackingNo,
    date: now,
    sender: await textParam(db, 'customs.sender', DEFAULT_SENDER),
    receiver: row.pkg.address,
    userCode: row.userCode,
    channelName: row.channelName || row.channelZh,
    weightG: row.pkg.realWeightG ?? row.pkg.estimatedWeightG,
    freight: { amount: row.pkg.freightCharged, currency: row.pkg.currency },
    declaration,
  };
}

/** The item's number on the forms: the carrier's tracking number with our package number, or ours alone before booking. */
const itemNo = (p: CustomsPapers) => (p.trackingNo ? `${p.trackingNo} (${p.packageNo})` : p.packageNo);
const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;
const kg = (g: number) => `${(g / 1000).toFixed(3)} kg`;
const addressText = (a: PackageAddress) =>
  [a.receiver, a.address, [a.city, a.province, a.postcode].filter(Boolean).join(', '), a.country, a.phone].filter(Boolean).join('\n');

type Doc = Awaited<ReturnType<typeof newPdf>>['doc'];

interface Column {
  title: string;
  width: number;
  text: (l: Declaration['lines'][number]) => string;
}

/** The declaration's lines as a table from (x, y) with these columns; answers the y below it. */
function linesTable(doc: Doc, p: CustomsPapers, x: number, y: number, columns: Column[], size: number): number {
  doc.font('cjk-bold').fontSize(size);
  let cx = x;
  for (const c of columns) {
    doc.text(c.title, cx, y, { width: c.width - 3 });
    cx += c.width;
  }
  y += size * 2.6;
  doc.font('cjk').fontSize(size);
  for (const l of p.declaration.lines) {
    cx = x;
    const heights = columns.map((c) => doc.heightOfString(c.text(l), { width: c.width - 3 }));
    for (const c of columns) {
      doc.text(c.text(l), cx, y, { width: c.width - 3 });
      cx += c.width;
    }
    y += Math.max(...heights) + 3;
  }
  const right = x + columns.reduce((s, c) => s + c.width, 0);
  doc.moveTo(x, y).lineTo(right, y).lineWidth(0.5).stroke();
  return y + 4;
}

const description = (l: Declaration['lines'][number]) => (l.descriptionZh ? `${l.descriptionEn}\n${l.descriptionZh}` : l.descriptionEn);

/** CN22 on the label printer's 100 × 150 mm. */
function cn22(doc: Doc, p: CustomsPapers): void {
  const x = 4 * MM;
  const inner = 92 * MM;
  const { declaration: d } = p;
  doc
    .font('cjk-bold')
    .fontSize(13)
    .text('CUSTOMS DECLARATION CN 22', x, 4 * MM, { width: inner });
  doc
    .font('cjk')
    .fontSize(7)
    .text(`May be opened officially  ·  ${p.channelName}  ·  ${itemNo(p)}`, x, 10 * MM, { width: inner });
  doc.fontSize(8).text('Category: [X] Sale of goods   [ ] Gift   [ ] Documents   [ ] Returned goods   [ ] Other', x, 15 * MM, { width: inner });
  let y = linesTable(
    doc,
    p,
    x,
    21 * MM,
    [
      { title: 'Description of contents', width: inner * 0.42, text: description },
      { title: 'Qty', width: inner * 0.08, text: (l) => String(l.quantity) },
      { title: 'Weight', width: inner * 0.15, text: (l) => (l.weightG ? kg(l.weightG) : '') },
      { title: `Value (${d.currency})`, width: inner * 0.15, text: (l) => ((l.quantity * l.unitValue) / 100).toFixed(2) },
      { title: 'HS / Origin', width: inner * 0.2, text: (l) => `${l.hsCode || '-'} / ${l.origin}` },
    ],
    7,
  );
  doc
    .font('cjk-bold')
    .fontSize(8)
    .text(`Total gross weight: ${kg(p.weightG)}    Total value: ${money(d.total, d.currency)}`, x, y, { width: inner });
  y = doc.y + 3 * MM;
  doc
    .font('cjk')
    .fontSize(7)
    .text(`To: ${addressText(p.receiver).replaceAll('\n', ', ')}`, x, y, { width: inner });
  doc.text(`From: ${p.sender.replaceAll('\n', ', ')}`, x, doc.y + 2, { width: inner });
  doc.text(
    'I certify that the particulars given in this customs declaration are correct and that this item does not contain any dangerous article prohibited by legislation or by postal or customs regulations.',
    x,
    doc.y + 2 * MM,
    { width: inner },
  );
  doc.text(`Date and sender's signature: ${businessDateTime(p.date)}`, x, doc.y + 2 * MM, { width: inner });
}

/** CN23 on A4: sender, addressee, the lines, totals, postal charges, the certificate. */
function cn23(doc: Doc, p: CustomsPapers): void {
  const { declaration: d } = p;
  const x = doc.page.margins.left;
  const inner = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font('cjk-bold').fontSize(16).text('CUSTOMS DECLARATION CN 23', x, doc.page.margins.top, { width: inner });
  doc
    .font('cjk')
    .fontSize(9)
    .text(`Item no. ${itemNo(p)}   ·   ${p.channelName}   ·   May be opened officially`, { width: inner });
  const top = doc.y + 8;
  doc.font('cjk-bold').fontSize(9).text('From (sender)', x, top);
  doc.font('cjk').text(p.sender, x, doc.y, { width: inner / 2 - 10 });
  const leftEnd = doc.y;
  doc.font('cjk-bold').text('To (addressee)', x + inner / 2, top);
  doc.font('cjk').text(addressText(p.receiver), x + inner / 2, doc.y, { width: inner / 2 });
  let y = Math.max(leftEnd, doc.y) + 12;
  y = linesTable(
    doc,
    p,
    x,
    y,
    [
      { title: 'Detailed description of contents', width: inner * 0.36, text: description },
      { title: 'Quantity', width: inner * 0.09, text: (l) => String(l.quantity) },
      { title: 'Net weight', width: inner * 0.12, text: (l) => (l.weightG ? kg(l.weightG) : '') },
      { title: `Value (${d.currency})`, width: inner * 0.13, text: (l) => ((l.quantity * l.unitValue) / 100).toFixed(2) },
      { title: 'HS tariff number', width: inner * 0.17, text: (l) => l.hsCode || '-' },
      { title: 'Country of origin', width: inner * 0.13, text: (l) => l.origin },
    ],
    9,
  );
  doc
    .font('cjk-bold')
    .fontSize(10)
    .text(`Total gross weight: ${kg(p.weightG)}      Total value: ${money(d.total, d.currency)}`, x, y + 4);
  doc
    .font('cjk')
    .fontSize(9)
    .text(`Postal charges / fees: ${money(p.freight.amount, p.freight.currency)}`, x, doc.y + 4);
  doc.text('Category of item: [X] Sale of goods   [ ] Gift   [ ] Commercial sample   [ ] Documents   [ ] Returned goods   [ ] Other', x, doc.y + 4);
  doc.text(`Importer's reference: ${p.userCode}`, x, doc.y + 4);
  doc.text(
    'I certify that the particulars given in this customs declaration are correct and that this item does not contain any dangerous article or articles prohibited by legislation or by postal or customs regulations.',
    x,
    doc.y + 14,
    { width: inner },
  );
  doc.text(`Date and sender's signature: ${businessDateTime(p.date)}`, x, doc.y + 10);
}

/** The commercial invoice, A4. */
function invoice(doc: Doc, p: CustomsPapers): void {
  const { declaration: d } = p;
  const x = doc.page.margins.left;
  const inner = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font('cjk-bold').fontSize(16).text('COMMERCIAL INVOICE', x, doc.page.margins.top, { width: inner, align: 'center' });
  doc
    .font('cjk')
    .fontSize(9)
    .text(
      `Invoice no. ${p.packageNo}    Date: ${businessDateTime(p.date)}    Carrier: ${p.channelName}${p.trackingNo ? `    Tracking no. ${p.trackingNo}` : ''}`,
      { width: inner, align: 'center' },
    );
  const top = doc.y + 10;
  doc.font('cjk-bold').text('Shipper / Exporter', x, top);
  doc.font('cjk').text(p.sender, x, doc.y, { width: inner / 2 - 10 });
  const leftEnd = doc.y;
  doc.font('cjk-bold').text('Consignee', x + inner / 2, top);
  doc.font('cjk').text(addressText(p.receiver), x + inner / 2, doc.y, { width: inner / 2 });
  let y = Math.max(leftEnd, doc.y) + 12;
  y = linesTable(
    doc,
    p,
    x,
    y,
    [
      { title: 'No.', width: inner * 0.06, text: (l) => String(l.lineNo) },
      { title: 'Description of goods', width: inner * 0.36, text: description },
      { title: 'HS code', width: inner * 0.13, text: (l) => l.hsCode || '-' },
      { title: 'Origin', width: inner * 0.08, text: (l) => l.origin },
      { title: 'Qty', width: inner * 0.08, text: (l) => String(l.quantity) },
      { title: `Unit price (${d.currency})`, width: inner * 0.14, text: (l) => (l.unitValue / 100).toFixed(2) },
      { title: `Amount (${d.currency})`, width: inner * 0.15, text: (l) => ((l.quantity * l.unitValue) / 100).toFixed(2) },
    ],
    9,
  );
  doc
    .font('cjk-bold')
    .fontSize(10)
    .text(`Total: ${money(d.total, d.currency)}`, x, y + 4, { width: inner, align: 'right' });
  doc
    .font('cjk')
    .fontSize(9)
    .text(`Gross weight: ${kg(p.weightG)}    Packages: 1    Reason for export: sale of goods (purchased on the buyer's behalf)`, x, doc.y + 8);
  doc.text('I declare that the information on this invoice is true and correct.', x, doc.y + 14);
}

/** The customs papers as one PDF: the CN22 or CN23 first, then the commercial invoice. */
export async function renderCustomsPdf(p: CustomsPapers): Promise<Buffer> {
  const small = p.declaration.form === 'CN22';
  const { doc, done } = await newPdf(small ? [100, 150] : 'A4', `Customs ${p.packageNo}`);
  if (small) cn22(doc, p);
  else cn23(doc, p);
  doc.addPage({ size: 'A4', margin: 36 });
  invoice(doc, p);
  doc.end();
  return done;
}
