import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AddressSaveBody } from '@waystation/shared/contract/openAccounts';
import type { Db } from '../../db';
import { memberAddresses } from '../../db/schema';
import { conflict, notFound } from '../../core/errors';
import { toAddress } from './service';

/** A member's own addresses, as the member API lists and saves them (staff edit them on the member detail). */

export async function listAddresses(db: Db, memberId: number) {
  const rows = await db
    .select()
    .from(memberAddresses)
    .where(eq(memberAddresses.memberId, memberId))
    .orderBy(desc(memberAddresses.isDefault), asc(memberAddresses.id));
  return { list: rows.map(toAddress) };
}

const MAX_ADDRESSES = 50;

/** Adds or edits one of the member's own addresses; a default one makes the others not default. */
export async function saveAddress(db: Db, memberId: number, body: z.output<typeof AddressSaveBody>, now: Date) {
  return db.transaction(async (tx) => {
    const { id, ...fields } = body;
    const mine = await tx.select({ id: memberAddresses.id }).from(memberAddresses).where(eq(memberAddresses.memberId, memberId));
    if (id !== undefined && !mine.some((a) => a.id === id)) throw notFound('地址不存在');
    if (id === undefined && mine.length >= MAX_ADDRESSES) throw conflict(`最多保存${MAX_ADDRESSES}个地址`);
    if (fields.isDefault) await tx.update(memberAddresses).set({ isDefault: false, updatedAt: now }).where(eq(memberAddresses.memberId, memberId));
    const isDefault = fields.isDefault || mine.length === 0 || (mine.length === 1 && id !== undefined);
    const [row] =
      id === undefined
        ? await tx
            .insert(memberAddresses)
            .values({ ...fields, isDefault, memberId, createdAt: now, updatedAt: now })
            .returning()
        : await tx
            .update(memberAddresses)
            .set({ ...fields, ...(fields.isDefault ? { isDefault: true } : {}), updatedAt: now })
            .where(and(eq(memberAddresses.id, id), eq(memberAddresses.memberId, memberId)))
            .returning();
    return toAddress(row);
  });
}
