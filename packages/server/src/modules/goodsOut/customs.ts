import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Declaration, DeclarationInput, DeclarationSaveBody } from '@waystation/shared/contract/goodsOut/customs';
import { PackageStatus } from '@waystation/shared/vocab/goods-out';
import type { Db } from '../../db';
import { currencies, packageDeclarations, packages, purchaseOrders, shipChannels, warehouseItems } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { conflict, invalid, notFound } from '../../core/errors';
import { loadRates } from '../reference/rates';
import { numberParam } from '../reference/settings';
import { mayModify } from './queries';
import { actionResult, lockPackage, type Op, writeTrace } from './transition';

/**
 * Customs declarations (issue #33): the lines a package declares, checked against its channel's limits; prefilled from
 * the purchase lines when the member sends none; corrected by staff as a sensitive change; the CN22/CN23 choice.
 */

type Input = z.output<typeof DeclarationInput>;

/** A declared total above this (in USD) needs a CN23 instead of a CN22: the UPU's 300 SDR, about 400 USD. */
export const CN22_MAX_USD_DEFAULT = 400;

const totalOf = (lines: { quantity: number; unitValue: number }[]) => lines.reduce((s, l) => s + l.quantity * l.unitValue, 0);

/** A purchase line's title as an English description when it is one already (printable ASCII), else ''. */
const englishOf = (title: string) => (/^[\x20-\x7E]+$/.test(title.trim()) ? title.trim().slice(0, 100) : '');

/**
 * The declaration the items' purchase lines make, one line per purchase line: its title, its quantity and the unit price
 * paid, in the lines' currency. A Chinese title leaves the English description empty for the member or packer to write.
 */
export async function prefillDeclaration(tx: Db, itemIds: number[]): Promise<Input & { weights: number[] }> {
  const rows = await tx
    .select({ item: warehouseItems, line: purchaseOrders })
    .from(warehouseItems)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, warehouseItems.purchaseId))
    .where(inArray(warehouseItems.id, itemIds))
    .orderBy(asc(warehouseItems.id));
  const byLine = new Map<number, { title: string; quantity: number; unitValue: number; currency: string; weightG: number }>();
  for (const { item, line } of rows) {
    const seen = byLine.get(line.id);
    if (seen) {
      seen.quantity += item.quantity;
      seen.weightG += item.weightG;
      continue;
    }
    const unitValue = Math.max(1, Math.round(line.paidAmount / Math.max(1, line.quantity)));
    byLine.set(line.id, { title: line.title, quantity: item.quantity, unitValue, currency: line.currency, weightG: item.weightG });
  }
  const lines = [...byLine.values()];
  return {
    currency: lines[0]?.currency ?? 'CNY',
    lines: lines.slice(0, 50).map((l) => ({
      descriptionEn: englishOf(l.title),
      descriptionZh: englishOf(l.title) ? '' : l.title.trim().slice(0, 100),
      hsCode: '',
      quantity: Math.min(9999, l.quantity),
      unitValue: l.unitValue,
      origin: 'CN',
    })),
    weights: lines.map((l) => l.weightG),
  };
}

/** Refuses a declaration its channel does not take: an unknown currency, a total over the limit, a forbidden HS code. */
export async function checkDeclaration(tx: Db, channelId: number, d: Input): Promise<void> {
  if (d.currency !== 'CNY') {
    const [known] = await tx.select({ code: currencies.code }).from(currencies).where(eq(currencies.code, d.currency));
    if (!known) throw invalid('currency', `不支持的申报币种 ${d.currency}`);
  }
  const [channel] = await tx.select().from(shipChannels).where(eq(shipChannels.id, channelId));
  if (!channel) throw notFound('渠道不存在');
  for (const [i, l] of d.lines.entries()) {
    const refused = channel.customsForbiddenHs.find((prefix) => l.hsCode?.startsWith(prefix));
    if (refused) throw invalid(`lines.${i}.hsCode`, `渠道 ${channel.name} 不接受 HS 编码 ${refused} 开头的商品（第 ${i + 1} 行）`);
  }
  if (channel.customsMaxValue > 0) {
    const total = (await loadRates(tx)).convert(totalOf(d.lines), d.currency, channel.currency);
    if (total > channel.customsMaxValue) {
      throw invalid(
        'lines',
        `申报总价值 ${(total / 100).toFixed(2)} ${channel.currency} 超过渠道 ${channel.name} 的上限 ${(channel.customsMaxValue / 100).toFixed(2)} ${channel.currency}`,
      );
    }
  }
}

/** Replaces a package's declaration lines; answers the declared total (minor units of the declaration's currency). */
export async function writeDeclaration(tx: Db, packageId: number, d: Input, weights: number[] = []): Promise<number> {
  await tx.delete(packageDeclarations).where(eq(packageDeclarations.packageId, packageId));
  await tx.insert(packageDeclarations).values(
    d.lines.map((l, i) => ({
      packageId,
      lineNo: i + 1,
      descriptionEn: l.descriptionEn,
      descriptionZh: l.descriptionZh,
      hsCode: l.hsCode,
      quantity: l.quantity,
      unitValue: l.unitValue,
      currency: d.currency,
      origin: l.origin,
      weightG: weights[i] ?? 0,
    })),
  );
  return totalOf(d.lines);
}

/** CN22 up to the limit in USD (system param customs.cn22MaxUsd), CN23 above it. */
export async function customsFormOf(db: Db, total: number, currency: string): Promise<'CN22' | 'CN23'> {
  const limitUsd = await numberParam(db, 'customs.cn22MaxUsd', CN22_MAX_USD_DEFAULT, { min: 0, max: 100_000 });
  const usd = (await loadRates(db)).convert(total, currency, 'USD');
  return usd > limitUsd * 100 ? 'CN23' : 'CN22';
}

/** A package's declaration as staff and the member see it. */
export async function declarationOf(db: Db, packageId: number, pdfUrl: string | null): Promise<Declaration> {
  const lines = await db.select().from(packageDeclarations).where(eq(packageDeclarations.packageId, packageId)).orderBy(asc(packageDeclarations.lineNo));
  const currency = lines[0]?.currency ?? 'CNY';
  const total = totalOf(lines);
  return {
    currency,
    lines: lines.map((l) => ({
      lineNo: l.lineNo,
      descriptionEn: l.descriptionEn,
      descriptionZh: l.descriptionZh,
      hsCode: l.hsCode,
      quantity: l.quantity,
      unitValue: l.unitValue,
      origin: l.origin,
      weightG: l.weightG,
    })),
    total,
    form: await customsFormOf(db, total, currency),
    complete: lines.length > 0 && lines.every((l) => l.descriptionEn !== ''),
    pdfUrl: lines.length ? pdfUrl : null,
  };
}

export async function packageIdOf(db: Db, packageNo: string): Promise<number> {
  const [row] = await db.select({ id: packages.id }).from(packages).where(eq(packages.packageNo, packageNo));
  if (!row) throw notFound('包裹不存在');
  return row.id;
}

/**
 * Staff correct a declaration (the packer at 打包称重, a clerk on 包裹详情): a sensitive change (modify_package_attr, the
 * route asks for the ticket), allowed where the attributes may change; the declared value follows. Trace and audit
 * keep the lines before and after.
 */
export async function saveDeclaration(db: Db, b: z.output<typeof DeclarationSaveBody>, op: Op) {
  return db.transaction(async (tx) => {
    const row = await lockPackage(tx, { id: b.id });
    if (!mayModify('modifyAttr', row.status)) {
      throw conflict(`包裹 ${row.packageNo} 当前状态为「${PackageStatus.label(row.status)}」，不能修改申报`, { status: row.status });
    }
    const before = await declarationOf(tx, row.id, null);
    const input = { currency: b.currency, lines: b.lines };
    await checkDeclaration(tx, row.channelId, input);
    const same = before.currency === b.currency && JSON.stringify(before.lines.map(({ lineNo, weightG, ...l }) => l)) === JSON.stringify(b.lines);
    if (same) return actionResult(row, true);
    const weights = b.lines.map((_, i) => before.lines[i]?.weightG ?? 0);
    const total = await writeDeclaration(tx, row.id, input, weights);
    const [updated] = await tx
      .update(packages)
      .set({ declaredValue: total, updatedAt: op.now })
      .where(and(eq(packages.id, row.id), eq(packages.status, row.status)))
      .returning();
    if (!updated) throw conflict(`包裹 ${row.packageNo} 已被其他操作更新，请刷新后重试`);
    const note = `申报 ${b.lines.length} 行，共 ${(total / 100).toFixed(2)} ${b.currency}`;
    await writeTrace(
      tx,
      row.id,
      { type: 'modify_package_attr', event: 'modifyDeclaration', from: row.status, to: row.status, note: `${note}（${b.reason}）` },
      op,
    );
    await writeAudit(
      tx,
      op.actor,
      {
        action: 'package.modifyDeclaration',
        targetType: 'package',
        targetId: row.packageNo,
        before: { currency: before.currency, lines: before.lines },
        after: { ...input, reason: b.reason },
      },
      op.now,
    );
    return actionResult(updated);
  });
}

/** The declaration lines of these packages, for the manifest (package no. → its lines in order). */
export async function declarationsOfPackages(db: Db, packageNos: string[]) {
  if (!packageNos.length) return new Map<string, (typeof packageDeclarations.$inferSelect)[]>();
  const rows = await db
    .select({ packageNo: packages.packageNo, line: packageDeclarations })
    .from(packageDeclarations)
    .innerJoin(packages, eq(packages.id, packageDeclarations.packageId))
    .where(inArray(packages.packageNo, packageNos))
    .orderBy(asc(packageDeclarations.packageId), asc(packageDeclarations.lineNo));
  const out = new Map<string, (typeof packageDeclarations.$inferSelect)[]>();
  for (const r of rows) out.set(r.packageNo, [...(out.get(r.packageNo) ?? []), r.line]);
  return out;
}
