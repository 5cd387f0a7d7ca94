import { and, count, eq, gt } from 'drizzle-orm';
import { ErrorCode } from '@waystation/shared/contract/common';
import { VERIFY_WINDOW_MS } from '@waystation/shared/contract/verification';
import type { Db } from '../../db';
import { verifyAttempts } from '../../db/schema';
import { AppError } from '../../core/errors';

export const tooMany = () => new AppError(ErrorCode.RATE_LIMITED, '验证失败次数过多，请稍后再试');

/** The operator's failed codes within the window (VERIFY_MAX_FAILURES of them lock verification for a while). */
export async function recentFailures(db: Db, operatorId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(verifyAttempts)
    .where(
      and(
        eq(verifyAttempts.operatorId, operatorId),
        eq(verifyAttempts.success, false),
        gt(verifyAttempts.createdAt, new Date(now.getTime() - VERIFY_WINDOW_MS)),
      ),
    );
  return row.n;
}
