import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { specString } from '@waystation/shared/vocab/label';

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

const require = createRequire(import.meta.url);
const FONT_DIR = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
let fontCache: { regular: Buffer; bold: Buffer } | null = null;
/** Noto Sans SC (TTF, shipped by an npm package): pdfkit embeds the subset of the glyphs a label uses. */
function fonts() {
  fontCache ??= {
    regular: fs.readFileSync(path.join(FONT_DIR, '400Regular/NotoSansSC_400Regular.ttf')),
    bold: fs.readFileSync(path.join(FONT_DIR, '700Bold/NotoSansSC_700Bold.ttf')),
  };
  return fontCache;
}

/** y-m-d h:i:s in the warehouse's time zone (China). */
export function labelDate(d: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

const MM = 72 / 25.4;
export const LABEL_SIZE_MM = [100, 70] as const;

/** Draws an item label (100 × 70 mm): quick code pair, Code128 of the item code, weight g, volume cm³, spec, date, creator. */
export async function renderItemLabel(d: LabelData): Promise<Buffer> {
  const barcode = await bwipjs.toBuffer({ bcid: 'code128', text: d.itemCode, scale: 3, height: 12, includetext: false });
  const { regular, bold } = fonts();
  const doc = new PDFDocument({ size: [LABEL_SIZE_MM[0] * MM, LABEL_SIZE_MM[1] * MM], margin: 0, info: { Title: `Label ${d.itemCode}`, Creator: 'Waystation' } });
  doc.registerFont('cjk', regular);
  doc.registerFont('cjk-bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const W = LABEL_SIZE_MM[0] * MM;
  const x = 4 * MM;
  const inner = W - 8 * MM;
  doc.font('cjk-bold').fontSize(26).text(d.quickCode[0], x, 2.5 * MM, { width: inner / 2, lineBreak: false });
  doc.font('cjk-bold').fontSize(26).text(d.quickCode[1], x + inner / 2, 2.5 * MM, { width: inner / 2, align: 'right', lineBreak: false });
  doc.moveTo(x, 15 * MM).lineTo(W - x, 15 * MM).lineWidth(0.8).stroke();
  doc.image(barcode, x, 17 * MM, { fit: [inner, 14 * MM], align: 'center' });
  doc.font('cjk').fontSize(10).text(d.itemCode, x, 31.5 * MM, { width: inner, align: 'center' });
  doc.font('cjk').fontSize(10).text(`重量：${d.weightG} g`, x, 37 * MM, { width: inner / 2, lineBreak: false });
  doc.text(`体积：${d.volumeCm3} cm³`, x + inner / 2, 37 * MM, { width: inner / 2, align: 'right', lineBreak: false });
  doc.fontSize(9).text(`规格：${specString(d.propsList)}`, x, 43 * MM, { width: inner, height: 9 * MM, ellipsis: true });
  doc.fontSize(8).fillColor('#333').text(d.title, x, 52.5 * MM, { width: inner, height: 8 * MM, ellipsis: true });
  doc.moveTo(x, 61.5 * MM).lineTo(W - x, 61.5 * MM).lineWidth(0.5).stroke();
  doc.fillColor('#000').fontSize(8).text(`日期：${labelDate(d.date)}`, x, 63 * MM, { width: inner * 0.62, lineBreak: false });
  doc.text(`制单：${d.creator}`, x + inner * 0.62, 63 * MM, { width: inner * 0.38, align: 'right', lineBreak: false });
  doc.end();
  return done;
}
