import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { PretrialFailBody, PretrialPassBody } from '@waystation/shared/contract/goodsOut/pretrial';
import type { DeclarationInput } from '@waystation/shared/contract/goodsOut/customs';
import type { ItemAttr } from '@waystation/shared/vocab/config-content';
import { packageNoOf } from '@waystation/shared/vocab/goods-out';
import type { Db } from '../../db';
import { members, packageItems, packages, purchaseOrders, warehouseItems } from '../../db/schema';
import type { PackageAddress } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { conflict, invalid, notFound } from '../../core/errors';
import { channelFreight } from '../logistics/freight';
import { post } from '../ledger/service';
import { reinstateGrant, spendCoupon } from '../marketing/grants';
import { accruePackageCommission, paidAtPayment, refundableOf, refundToMember } from './freight';
import { numberParam } from '../reference/settings';
import { assertAllowed, isRepeat, writeDomainEvents } from '../../core/transition';
import { actionResult, applyStep, lockPackage, nextId, type Op, packageRows, type PackageRow, writeTrace } from './transition';
import { purchaseLines } from '../purchase/transition';
import { checkDeclaration, prefillDeclaration, writeDeclaration } from './customs';

/** The most items one package may hold when the setting package.maxItems is absent (the member API's own bound). */
const MAX_PACK_ITEMS = 200;

export interface NewPackage {
  memberId: number;
  itemIds: number[];
  channelId: number;
  address: PackageAddress;
  attrs?: ItemAttr[];
  services?: string[];
  declaredValue?: number;
  insuranceFee?: number;
  memberRemark?: string;
  /** The customs declaration; left out, the items' purchase lines make it (customs.ts). */
  declaration?: z.output<typeof DeclarationInput>;
}

/**
 * A member's pack order (what the member site calls): their shelved items, a channel and an address, straight into
 * pre-review (pack_created → pack_pretrial). Each item may be in one live package only.
 */
export async function createPackage(db: Db, input: NewPackage, op: Op): Promise<PackageRow> {
  if (!input.itemIds.length) throw invalid('itemIds', '请选择商品');
  const maxItems = await numberParam(db, 'package.maxItems', MAX_PACK_ITEMS, { min: 1, max: MAX_PACK_ITEMS });
  if (new Set(input.itemIds).size > maxItems) throw invalid('itemIds', `一个包裹最多 ${maxItems} 件商品`);
  return db.transaction(async (tx) => {
    const items = await tx
      .select({ item: warehouseItems, line: purchaseOrders })
      .from(warehouseItems)
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, warehouseItems.purchaseId))
      .where(inArray(warehouseItems.id, input.itemIds));
    if (items.length !== new Set(input.itemIds).size) throw notFound('商品不存在');
    for (const { item, line } of items) {
      if (item.memberId !== input.memberId) throw invalid('itemIds', `商品 ${item.itemCode} 不属于该会员`);
      // On a shelf: the line has been shelved and is still there.
      if (!isRepeat(purchaseLines, line, 'shelve')) throw conflict(`商品 ${item.itemCode} 未上架，不能打包`);
    }
    const prefilled = input.declaration ? null : await prefillDeclaration(tx, input.itemIds);
    const declaration = input.declaration ?? prefilled!;
    await checkDeclaration(tx, input.channelId, declaration);
    const id = await nextId(tx, 'packages');
    const [row] = await tx
      .insert(packages)
      .values({
        id,
        packageNo: packageNoOf(id),
        memberId: input.memberId,
        status: 'pack_pretrial',
        channelId: input.channelId,
        countryCode: input.address.country,
        address: input.address,
        mallTypes: [...new Set(items.map((i) => i.line.mallType))].sort(),
        attrs: input.attrs ?? [],
        services: input.services ?? [],
        declaredValue: input.declaredValue ?? declaration.lines.reduce((s, l) => s + l.quantity * l.unitValue, 0),
        insuranceFee: input.insuranceFee ?? 0,
        memberRemark: input.memberRemark ?? '',
        itemCount: items.length,
        estimatedWeightG: items.reduce((s, i) => s + i.item.weightG, 0),
        createdAt: op.now,
        updatedAt: op.now,
      })
      .returning();
    await tx
      .insert(packageItems)
      .values(
        items.map(({ item }) => ({ packageId: id, itemId: item.id, purchaseId: item.purchaseId, itemCode: item.itemCode, shelfCode: item.shelfCode ?? '' })),
      );
    await writeDeclaration(tx, id, declaration, prefilled?.weights);
    const note = `${items.length} 件商品`;
    await writeTrace(tx, id, { type: 'package_order_create', event: 'submit', from: 'pack_created', to: 'pack_pretrial', note }, op);
    await writeDomainEvents(tx, packageRows, 'submit', [{ id, from: 'pack_created', to: 'pack_pretrial', member: input.memberId, ref: row.packageNo }], {
      op,
      note,
    });
    return row;
  });
}

/**
 * Pre-review passes: the channel must take the package's attributes, destination and estimated weight; the quote on
 * that weight becomes the estimated freight the member pays (pack_pretrial → pack_pretrial_pass).
 */
export async function pretrialPass(db: Db, body: z.infer<typeof PretrialPassBody>, op: Op) {
  return db.transaction(async (tx) => {
    const row = await lockPackage(tx, { id: body.id });
    if (isRepeat(packageRows, row, 'pretrial_pass') && row.estimatedWeightG === body.estimatedWeightG) {
      return { ...actionResult(row, true), freightEstimated: row.freightEstimated, currency: row.currency };
    }
    assertAllowed(packageRows, row, 'pretrial_pass');
    const quote = await channelFreight(tx, row.channelId, {
      countryCode: row.countryCode,
      weightG: body.estimatedWeightG,
      lengthMm: 0,
      widthMm: 0,
      heightMm: 0,
      attrs: row.attrs as ItemAttr[],
    });
    const { row: after } = await applyStep(tx, row, {
      event: 'pretrial_pass',
      op,
      note: `预估 ${body.estimatedWeightG} g，运费 ${(quote.total / 100).toFixed(2)} ${quote.currency}${body.note ? `：${body.note}` : ''}`,
      set: {
        estimatedWeightG: body.estimatedWeightG,
        freightEstimated: quote.total,
        currency: quote.currency,
        pretrialNote: body.note,
        reviewerName: op.actor.name,
      },
      audit: { estimatedWeightG: body.estimatedWeightG, freightEstimated: quote.total },
    });
    return { ...actionResult(after), freightEstimated: after.freightEstimated, currency: after.currency };
  });
}

/** Pre-review fails with a reason the member sees (pack_pretrial → pack_pretrial_fail). */
export async function pretrialFail(db: Db, body: z.infer<typeof PretrialFailBody>, op: Op) {
  return db.transaction(async (tx) => {
    const row = await lockPackage(tx, { id: body.id });
    if (isRepeat(packageRows, row, 'pretrial_fail') && row.pretrialNote === body.reason) return actionResult(row, true);
    const { row: after } = await applyStep(tx, row, {
      event: 'pretrial_fail',
      op,
      note: body.reason,
      set: { pretrialNote: body.reason, reviewerName: op.actor.name },
    });
    return actionResult(after);
  });
}

/**
 * What paying the package's quoted freight costs: the freight less a shipping coupon (spent in the caller's transaction:
 * a refused payment leaves it unused), plus the insurance. 40900 unless the package waits for payment.
 */
export async function spendOnFreight(tx: Db, row: PackageRow, couponGrantNo: string | undefined, now: Date) {
  assertAllowed(packageRows, row, 'pay');
  const discount = couponGrantNo
    ? await spendCoupon(tx, { grantNo: couponGrantNo, memberId: row.memberId, gross: row.freightEstimated, currency: row.currency, on: 'shipping' }, now)
    : 0;
  return { discount, amount: row.freightEstimated - discount + row.insuranceFee };
}

/**
 * The member pays a pre-reviewed package (member site): pay → paid → remove_wait in one transaction. From the
 * balance, the ledger is debited (freight + insurance, less a shipping coupon's discount on the freight); otherwise
 * the payment came through a payment channel. The member's agent earns its commission on what was paid.
 */
export async function payPackage(db: Db, id: number, op: Op, opts: { fromBalance?: boolean; couponGrantNo?: string } = {}): Promise<PackageRow> {
  return db.transaction(async (tx) => {
    let row = await lockPackage(tx, { id });
    // Paid already (pay → paid → remove_wait run in one transaction): a second payment is the first one.
    if (row.payTime && (isRepeat(packageRows, row, 'pay_done') || isRepeat(packageRows, row, 'queue'))) return row;
    const { discount, amount } = await spendOnFreight(tx, row, opts.couponGrantNo, op.now);
    const coupon = discount ? `（优惠券 ${opts.couponGrantNo} 抵扣 ${(discount / 100).toFixed(2)}）` : '';
    ({ row } = await applyStep(tx, row, {
      event: 'pay',
      op,
      note: `${(amount / 100).toFixed(2)} ${row.currency}${coupon}`,
      set: { freightDiscount: discount, couponGrantNo: opts.couponGrantNo ?? '' },
      audit: { amount, ...(discount ? { discount, couponGrantNo: opts.couponGrantNo } : {}) },
    }));
    if (opts.fromBalance && amount > 0) {
      await post(
        tx,
        {
          ownerType: 'member',
          ownerId: row.memberId,
          kind: 'balance',
          currency: row.currency,
          amount: -amount,
          type: 'payment',
          refType: 'package',
          refId: row.packageNo,
          remark: `包裹 ${row.packageNo} 运费${coupon}`,
          idempotencyKey: `package-${row.id}-pay`,
          operator: op.actor,
        },
        op.now,
      );
    }
    ({ row } = await applyStep(tx, row, { event: 'pay_done', op, set: { payTime: op.now, freightCharged: row.freightEstimated } }));
    ({ row } = await applyStep(tx, row, { event: 'queue', op }));
    await accruePackageCommission(tx, row, paidAtPayment(row), op);
    return row;
  });
}

/** The member pays the freight top-up bill from the balance (member site): patch_wait → pending_launch. */
export async function payPatch(db: Db, id: number, op: Op): Promise<PackageRow> {
  return db.transaction(async (tx) => {
    const row = await lockPackage(tx, { id });
    if (isRepeat(packageRows, row, 'patch_paid')) return row;
    if (!packageRows.transitionOf(row.status, 'patch_paid') || row.patchAmount <= 0) throw conflict(`包裹 ${row.packageNo} 没有待补运费`);
    await post(
      tx,
      {
        ownerType: 'member',
        ownerId: row.memberId,
        kind: 'balance',
        currency: row.currency,
        amount: -row.patchAmount,
        type: 'freight_topup',
        refType: 'package',
        refId: row.packageNo,
        remark: `包裹 ${row.packageNo} 补运费`,
        idempotencyKey: `package-${row.id}-topup-${row.freightReal}`,
        operator: op.actor,
      },
      op.now,
    );
    const { row: after } = await applyStep(tx, row, {
      event: 'patch_paid',
      op,
      note: `补运费 ${(row.patchAmount / 100).toFixed(2)} ${row.currency}`,
      set: { freightCharged: row.freightCharged + row.patchAmount, patchAmount: 0, patchStatus: 'patch_completed' },
      audit: { amount: row.patchAmount },
    });
    return after;
  });
}

/** Refunds what the member paid for a package and has not had back (cancel or return), to the balance, in `tx`. */
export async function refundPackage(tx: Db, row: PackageRow, op: Op, why: string): Promise<number> {
  const due = refundableOf(row);
  if (due <= 0) return 0;
  const refunded = { ...row, refundedAmount: row.refundedAmount + due };
  await tx.update(packages).set({ refundedAmount: refunded.refundedAmount }).where(eq(packages.id, row.id));
  await refundToMember(tx, refunded, due, { key: `package-${row.id}-refund`, remark: `包裹 ${row.packageNo} ${why}退款` }, op);
  // The freight was refunded whole: the shipping coupon it spent is the member's to use again.
  if (row.couponGrantNo)
    await reinstateGrant(tx, op.actor, { grantNo: row.couponGrantNo, memberId: row.memberId, why: `包裹 ${row.packageNo} ${why}退款` }, op.now);
  await writeAudit(tx, op.actor, { action: 'package.refund', targetType: 'package', targetId: row.packageNo, after: { amount: due } }, op.now);
  return due;
}

/** Member code → id (tests, seed). */
export async function memberIdOf(db: Db, userCode: string): Promise<number> {
  const [m] = await db.select({ id: members.id }).from(members).where(eq(members.userCode, userCode));
  if (!m) throw notFound('会员不存在');
  return m.id;
}
