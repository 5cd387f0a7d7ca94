import { specString } from '@waystation/shared/vocab/label';
import { businessDateTime } from '../../platform/businessTime';
import { code128, MM, newPdf } from '../../platform/pdf';

/** SPEC §3 package label data for one item. */
export interface LabelData {
  itemCode: string;
  quickCode: [string, string];
  weightG: number;
  volumeCm3: number;
  propsList: { name: string }[];
  title: string;
  date: Date;
  creator: string;
}

export const LABEL_SIZE_MM = [100, 70] as const;

/** Draws an item label (100 × 70 mm): quick code pair, Code128 of the item code, weight g, volume cm³, spec, date, creator. */
export async function renderItemLabel(d: LabelData): Promise<Buffer> {
  const barcode = await code128(d.itemCode, 12);
  const { doc, done } = await newPdf(LABEL_SIZE_MM, `Label ${d.itemCode}`);
  const W = LABEL_SIZE_MM[0] * MM;
  const x = 4 * MM;
  const inner = W - 8 * MM;
  doc
    .font('cjk-bold')
    .fontSize(26)
    .text(d.quickCode[0], x, 2.5 * MM, { width: inner / 2, lineBreak: false });
  doc
    .font('cjk-bold')
    .fontSize(26)
    .text(d.quickCode[1], x + inner / 2, 2.5 * MM, { width: inner / 2, align: 'right', lineBreak: false });
  doc
    .moveTo(x, 15 * MM)
    .lineTo(W - x, 15 * MM)
    .lineWidth(0.8)
    .stroke();
  doc.image(barcode, x, 17 * MM, { fit: [inner, 14 * MM], align: 'center' });
  doc
    .font('cjk')
    .fontSize(10)
    .text(d.itemCode, x, 31.5 * MM, { width: inner, align: 'center' });
  doc
    .font('cjk')
    .fontSize(10)
    .text(`重量：${d.weightG} g`, x, 37 * MM, { width: inner / 2, lineBreak: false });
  doc.text(`体积：${d.volumeCm3} cm³`, x + inner / 2, 37 * MM, { width: inner / 2, align: 'right', lineBreak: false });
  doc.fontSize(9).text(`规格：${specString(d.propsList)}`, x, 43 * MM, { width: inner, height: 9 * MM, ellipsis: true });
  doc
    .fontSize(8)
    .fillColor('#333')
    .text(d.title, x, 52.5 * MM, { width: inner, height: 8 * MM, ellipsis: true });
  doc
    .moveTo(x, 61.5 * MM)
    .lineTo(W - x, 61.5 * MM)
    .lineWidth(0.5)
    .stroke();
  doc
    .fillColor('#000')
    .fontSize(8)
    .text(`日期：${businessDateTime(d.date)}`, x, 63 * MM, { width: inner * 0.62, lineBreak: false });
  doc.text(`制单：${d.creator}`, x + inner * 0.62, 63 * MM, { width: inner * 0.38, align: 'right', lineBreak: false });
  doc.end();
  return done;
}
