import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { members } from '../../db/schema';

/** Member id → user code; null when no member has that id. */
export async function userIdToUserCode(db: Db, userId: string): Promise<string | null> {
  if (!/^\d{1,9}$/.test(userId)) return null;
  const [row] = await db
    .select({ code: members.userCode })
    .from(members)
    .where(eq(members.id, Number(userId)))
    .limit(1);
  return row?.code ?? null;
}

/** Member user code → id; null when no member has that code. */
export async function userCodeToUserId(db: Db, userCode: string): Promise<number | null> {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.userCode, userCode.toUpperCase())).limit(1);
  return row?.id ?? null;
}
