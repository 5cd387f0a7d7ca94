import { asc, eq, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ShelfBatchAddBody, ShelfListQuery, ShelfLocation } from '@waystation/shared/contract/warehouse';
import { type Db, qualified } from '../../db';
import { shelfLocations } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import { invalid, notFound } from '../../core/errors';
import { containsPattern, filters, offsetPage } from '../../core/paging';

const pad = (n: number) => String(n).padStart(2, '0');
export const locationCode = (zone: string, row: number, level: number, slot: number) => `${zone}-${pad(row)}-${pad(level)}-${pad(slot)}`;
const MAX_BATCH = 5000;

/** Shelf locations by code order, with how many items each holds. */
export async function listShelves(db: Db, q: z.infer<typeof ShelfListQuery>): Promise<{ list: ShelfLocation[]; total: number }> {
  const { rows, total } = await offsetPage(db, {
    table: shelfLocations,
    select: db
      .select({
        loc: shelfLocations,
        // qualified: drizzle writes the outer column as a bare "id" here, which would be the item's own id.
        itemCount: sql<number>`(select count(*)::int from warehouse_items i where i.shelf_location_id = ${qualified(shelfLocations.id)} and i.shelved_at is not null)`,
      })
      .from(shelfLocations)
      .$dynamic(),
    filter: filters(q, {
      code: (c) => ilike(shelfLocations.code, containsPattern(c)),
      zone: (z) => eq(shelfLocations.zone, z.toUpperCase()),
      active: (a) => eq(shelfLocations.active, a === '1'),
    }),
    orderBy: [asc(shelfLocations.code)],
    q,
  });
  return {
    total,
    list: rows.map(({ loc, itemCount }) => ({
      id: loc.id,
      code: loc.code,
      zone: loc.zone,
      row: loc.row,
      level: loc.level,
      slot: loc.slot,
      active: loc.active,
      itemCount: Number(itemCount),
      createTime: loc.createdAt.toISOString(),
    })),
  };
}

/** Creates every location of zone × rows × levels × slots; existing codes are kept as they are. */
export async function batchAddShelves(db: Db, b: z.infer<typeof ShelfBatchAddBody>, actor: Actor, now: Date): Promise<{ created: number; existing: number }> {
  const total = b.rows * b.levels * b.slots;
  if (total > MAX_BATCH) throw invalid('slots', `一次最多创建 ${MAX_BATCH} 个库位`);
  const values: (typeof shelfLocations.$inferInsert)[] = [];
  for (let r = 1; r <= b.rows; r++)
    for (let l = 1; l <= b.levels; l++)
      for (let s = 1; s <= b.slots; s++)
        values.push({ code: locationCode(b.zone, r, l, s), zone: b.zone, row: r, level: l, slot: s, active: true, createdAt: now, updatedAt: now });
  return db.transaction(async (tx) => {
    let created = 0;
    for (let i = 0; i < values.length; i += 1000) {
      const rows = await tx
        .insert(shelfLocations)
        .values(values.slice(i, i + 1000))
        .onConflictDoNothing()
        .returning({ id: shelfLocations.id });
      created += rows.length;
    }
    await writeAudit(tx, actor, { action: 'shelf.batchAdd', targetType: 'shelf_location', targetId: b.zone, after: { ...b, created } }, now);
    return { created, existing: total - created };
  });
}

/** Switches a location on or off; an inactive location refuses shelving. */
export async function setShelfActive(db: Db, id: number, active: boolean, actor: Actor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(shelfLocations).where(eq(shelfLocations.id, id));
    if (!before) throw notFound('库位不存在');
    await tx.update(shelfLocations).set({ active, updatedAt: now }).where(eq(shelfLocations.id, id));
    await writeAudit(
      tx,
      actor,
      { action: 'shelf.modifyStatus', targetType: 'shelf_location', targetId: id, before: { active: before.active }, after: { active } },
      now,
    );
  });
}
