import type { ManifestLine } from '@waystation/shared/contract/goodsOut/sorting';
import { PackageStatus } from '@waystation/shared/vocab/goods-out';
import { businessDateTime } from '../../platform/businessTime';
import { code128, MM, newPdf } from '../../platform/pdf';
import { type SignedDoc, signedUrl } from '../../platform/signing';

/**
 * Goods-out documents: the shipping label (100 × 150 mm), the sack label and the batch manifest (PDF and Excel).
 * Their URLs are signed like item labels, so the local print driver can fetch them without a token.
 */

export type DocKind = 'package-label' | 'package-customs' | 'sack-label' | 'manifest-pdf' | 'manifest-xlsx';
/** Where each document is served, and the scope its URL signature is bound to. */
export const GOODS_OUT_DOCS: Record<DocKind, SignedDoc> = {
  'package-label': { path: '/api/warehouse/package/labelPdf', scope: 'goods-out:package-label', param: 'id' },
  'package-customs': { path: '/api/warehouse/package/customs', scope: 'goods-out:package-customs', param: 'packageNo' },
  'sack-label': { path: '/api/warehouse/sack/labelPdf', scope: 'goods-out:sack-label', param: 'id' },
  'manifest-pdf': { path: '/api/warehouse/outBatch/manifestPdf', scope: 'goods-out:manifest-pdf', param: 'id' },
  'manifest-xlsx': { path: '/api/warehouse/outBatch/manifestXlsx', scope: 'goods-out:manifest-xlsx', param: 'id' },
};

export const docUrl = (key: Buffer, kind: DocKind, id: string, now: Date): string => signedUrl(key, GOODS_OUT_DOCS[kind], id, now);

export interface PackageLabelData {
  packageNo: string;
  channelName: string;
  countryCode: string;
  receiver: string;
  addressLine: string;
  weightG: number;
  volumeCm3: number;
  itemCount: number;
  userCode: string;
  date: Date;
  packer: string;
}

/** The shipping label, 100 × 150 mm: Code128 of the package no., channel, destination, receiver, weight, volume. */
export async function renderPackageLabel(d: PackageLabelData): Promise<Buffer> {
  const { doc, done } = await newPdf([100, 150], `Label ${d.packageNo}`);
  const W = 100 * MM;
  const x = 5 * MM;
  const inner = W - 10 * MM;
  doc
    .font('cjk-bold')
    .fontSize(20)
    .text(d.channelName, x, 5 * MM, { width: inner * 0.7, lineBreak: false, ellipsis: true });
  doc
    .font('cjk-bold')
    .fontSize(28)
    .text(d.countryCode, x + inner * 0.7, 3.5 * MM, { width: inner * 0.3, align: 'right', lineBreak: false });
  doc
    .moveTo(x, 17 * MM)
    .lineTo(W - x, 17 * MM)
    .lineWidth(1)
    .stroke();
  doc.image(await code128(d.packageNo), x, 20 * MM, { fit: [inner, 24 * MM], align: 'center' });
  doc
    .font('cjk-bold')
    .fontSize(14)
    .text(d.packageNo, x, 46 * MM, { width: inner, align: 'center' });
  doc
    .moveTo(x, 54 * MM)
    .lineTo(W - x, 54 * MM)
    .lineWidth(0.6)
    .stroke();
  doc
    .font('cjk')
    .fontSize(11)
    .text(`收件人：${d.receiver}`, x, 57 * MM, { width: inner });
  doc.fontSize(10).text(d.addressLine, x, 64 * MM, { width: inner, height: 22 * MM, ellipsis: true });
  doc
    .moveTo(x, 88 * MM)
    .lineTo(W - x, 88 * MM)
    .lineWidth(0.6)
    .stroke();
  doc
    .font('cjk-bold')
    .fontSize(16)
    .text(`重量：${d.weightG} g`, x, 92 * MM, { width: inner });
  doc
    .font('cjk')
    .fontSize(12)
    .text(`体积：${d.volumeCm3} cm³`, x, 102 * MM, { width: inner / 2, lineBreak: false });
  doc.text(`件数：${d.itemCount}`, x + inner / 2, 102 * MM, { width: inner / 2, align: 'right', lineBreak: false });
  doc.text(`会员：${d.userCode}`, x, 110 * MM, { width: inner });
  doc
    .moveTo(x, 138 * MM)
    .lineTo(W - x, 138 * MM)
    .lineWidth(0.5)
    .stroke();
  doc.fontSize(8).text(`日期：${businessDateTime(d.date)}`, x, 141 * MM, { width: inner * 0.62, lineBreak: false });
  doc.text(`打包：${d.packer}`, x + inner * 0.62, 141 * MM, { width: inner * 0.38, align: 'right', lineBreak: false });
  doc.end();
  return done;
}

export interface SackLabelData {
  code: string;
  channelName: string;
  countryCode: string | null;
  packageCount: number;
  weightG: number;
  status: string;
  date: Date;
}

/** The sack label, 100 × 100 mm: the identity card's code, channel, destination, count and weight. */
export async function renderSackLabel(d: SackLabelData): Promise<Buffer> {
  const { doc, done } = await newPdf([100, 100], `Sack ${d.code}`);
  const W = 100 * MM;
  const x = 5 * MM;
  const inner = W - 10 * MM;
  doc
    .font('cjk-bold')
    .fontSize(18)
    .text(d.channelName, x, 5 * MM, { width: inner * 0.7, lineBreak: false, ellipsis: true });
  doc
    .font('cjk-bold')
    .fontSize(22)
    .text(d.countryCode ?? '*', x + inner * 0.7, 4 * MM, { width: inner * 0.3, align: 'right', lineBreak: false });
  doc.image(await code128(d.code), x, 18 * MM, { fit: [inner, 24 * MM], align: 'center' });
  doc
    .font('cjk-bold')
    .fontSize(14)
    .text(d.code, x, 44 * MM, { width: inner, align: 'center' });
  doc
    .font('cjk')
    .fontSize(13)
    .text(`包裹数：${d.packageCount}`, x, 56 * MM, { width: inner });
  doc.text(`重量：${d.weightG} g`, x, 65 * MM, { width: inner });
  doc.text(`状态：${d.status}`, x, 74 * MM, { width: inner });
  doc.fontSize(8).text(`日期：${businessDateTime(d.date)}`, x, 90 * MM, { width: inner });
  doc.end();
  return done;
}

export interface ManifestData {
  batchNo: string;
  carrier: string;
  status: string;
  shippedAt: Date | null;
  createdAt: Date;
  /** The batch's weight as its screen shows it: the sum of its sacks' sealed weights. */
  weightG: number;
  sackCount: number;
  lines: ManifestLine[];
  /** Each package's customs declaration lines (issue #33), by package no. */
  declarations?: Map<string, DeclaredLine[]>;
}

/** A declaration line as the manifest prints it. */
export interface DeclaredLine {
  lineNo: number;
  descriptionEn: string;
  descriptionZh: string;
  hsCode: string;
  quantity: number;
  unitValue: number;
  currency: string;
  origin: string;
}

/** The manifest's totals line: 总重 is the batch's own (the sacks as weighed), the packages' net weight beside it. */
export function manifestTotals(m: ManifestData): string {
  const net = m.lines.reduce((s, l) => s + (l.weightG ?? 0), 0);
  return `麻袋 ${m.sackCount} 个，包裹 ${m.lines.length} 个，总重 ${m.weightG} g（麻袋封袋重量合计），包裹实重合计 ${net} g`;
}

const MANIFEST_COLUMNS: [key: keyof ManifestLine | 'weight' | 'value' | 'declared', title: string, width: number][] = [
  ['sackCode', '麻袋', 70],
  ['packageNo', '包裹号', 80],
  ['userCode', '会员', 60],
  ['receiver', '收件人', 90],
  ['countryCode', '国家', 34],
  ['channelName', '渠道', 90],
  ['weight', '重量(g)', 50],
  ['value', '申报价值', 60],
  ['itemCount', '件数', 32],
  ['declared', '申报品名', 120],
  ['trackingNo', '运单号', 110],
];

/** The declared value in the declaration's own currency (the freight's currency for a package declared before issue #33). */
const valueText = (l: ManifestLine, declared: DeclaredLine[] = []) => `${(l.declaredValue / 100).toFixed(2)} ${declared[0]?.currency ?? l.currency}`;
/** The declaration in one cell: each line's English description, quantity and HS code. */
export const declaredText = (declared: DeclaredLine[] = []) =>
  declared.map((d) => `${d.descriptionEn || d.descriptionZh} ×${d.quantity}${d.hsCode ? ` HS ${d.hsCode}` : ''}`).join('; ');
const cell = (l: ManifestLine, key: (typeof MANIFEST_COLUMNS)[number][0], declared?: DeclaredLine[]) =>
  key === 'weight' ? String(l.weightG ?? '') : key === 'value' ? valueText(l, declared) : key === 'declared' ? declaredText(declared) : String(l[key] ?? '');

/** The batch manifest as an A4 landscape PDF: header, one row per package, totals. */
export async function renderManifestPdf(m: ManifestData): Promise<Buffer> {
  const { doc, done } = await newPdf('A4', `Manifest ${m.batchNo}`, 'landscape');
  doc.font('cjk-bold').fontSize(16).text(`出库清单 ${m.batchNo}`, { lineBreak: true });
  doc
    .font('cjk')
    .fontSize(10)
    .text(
      `承运商：${m.carrier || '-'}    状态：${m.status}    创建：${businessDateTime(m.createdAt)}    交接：${m.shippedAt ? businessDateTime(m.shippedAt) : '-'}`,
    );
  doc.text(manifestTotals(m));
  doc.moveDown(0.5);
  const x0 = doc.page.margins.left;
  let y = doc.y;
  const header = () => {
    let x = x0;
    doc.font('cjk-bold').fontSize(8);
    for (const [, title, w] of MANIFEST_COLUMNS) {
      doc.text(title, x, y, { width: w - 4, lineBreak: false });
      x += w;
    }
    y += 14;
    doc
      .moveTo(x0, y - 3)
      .lineTo(x, y - 3)
      .lineWidth(0.5)
      .stroke();
  };
  header();
  doc.font('cjk').fontSize(8);
  for (const l of m.lines) {
    if (y > doc.page.height - doc.page.margins.bottom - 14) {
      doc.addPage();
      y = doc.page.margins.top;
      header();
      doc.font('cjk').fontSize(8);
    }
    let x = x0;
    for (const [key, , w] of MANIFEST_COLUMNS) {
      doc.text(cell(l, key, m.declarations?.get(l.packageNo)), x, y, { width: w - 4, lineBreak: false, ellipsis: true });
      x += w;
    }
    y += 13;
  }
  doc.end();
  return done;
}

/** The batch manifest as an Excel workbook: one sheet, one row per package, a header row with the batch facts. */
export async function renderManifestXlsx(m: ManifestData): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Waystation';
  const ws = wb.addWorksheet(m.batchNo);
  ws.addRow([
    `出库清单 ${m.batchNo}`,
    `承运商：${m.carrier || '-'}`,
    `状态：${m.status}`,
    `交接：${m.shippedAt ? businessDateTime(m.shippedAt) : '-'}`,
    manifestTotals(m),
  ]);
  const head = ws.addRow([...MANIFEST_COLUMNS.map(([, title]) => title), '状态']);
  head.font = { bold: true };
  for (const l of m.lines) {
    const declared = m.declarations?.get(l.packageNo);
    ws.addRow([
      l.sackCode,
      l.packageNo,
      l.userCode,
      l.receiver,
      l.countryCode,
      l.channelName,
      l.weightG ?? null,
      l.declaredValue / 100,
      l.itemCount,
      declaredText(declared),
      l.trackingNo,
      PackageStatus.label(l.status),
    ]);
  }
  MANIFEST_COLUMNS.forEach(([, , w], i) => {
    ws.getColumn(i + 1).width = Math.round(w / 6);
  });
  // One row per declaration line: what a customs broker files.
  const lines = wb.addWorksheet('申报明细');
  lines.addRow(['包裹号', '行', '英文品名', '中文品名', 'HS编码', '数量', '单价', '金额', '币种', '原产国']).font = { bold: true };
  for (const l of m.lines) {
    for (const d of m.declarations?.get(l.packageNo) ?? []) {
      lines.addRow([
        l.packageNo,
        d.lineNo,
        d.descriptionEn,
        d.descriptionZh,
        d.hsCode,
        d.quantity,
        d.unitValue / 100,
        (d.quantity * d.unitValue) / 100,
        d.currency,
        d.origin,
      ]);
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
