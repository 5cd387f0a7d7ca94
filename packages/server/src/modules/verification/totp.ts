import { and, eq, sql } from 'drizzle-orm';
import { type TotpSetupResult, VERIFY_MAX_FAILURES } from '@waystation/shared/contract/verification';
import type { SecretBox } from '../../core/secrets';
import type { Db } from '../../db';
import { adminTotp, verifyAttempts } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import type { Caller } from '../../core/auth';
import { conflict, invalid } from '../../core/errors';
import { recentFailures, tooMany } from './attempts';

/** Staff authenticator apps (TOTP): checking a code, and enrolment. otplib loads at first use, not with the server. */

/** Whether the code is the admin's authenticator's current one, not used before; a good code is spent. */
export async function checkTotp(db: Db, secrets: SecretBox, adminId: number, code: string, now: Date): Promise<boolean> {
  const [row] = await db.select().from(adminTotp).where(eq(adminTotp.adminId, adminId)).limit(1);
  if (!row) return false;
  const { verify } = await import('otplib');
  const result = await verify({
    secret: secrets.open(row.totpSecret),
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: 30,
    ...(row.lastStep != null ? { afterTimeStep: row.lastStep } : {}),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid) return false;
  const step = (result as { timeStep: number }).timeStep;
  // Conditional update: the same code cannot be accepted twice, even by two concurrent checks.
  const updated = await db
    .update(adminTotp)
    .set({ lastStep: step, confirmed: true, updatedAt: now })
    .where(and(eq(adminTotp.adminId, adminId), sql`(${adminTotp.lastStep} is null or ${adminTotp.lastStep} < ${step})`))
    .returning({ id: adminTotp.adminId });
  return updated.length > 0;
}

export async function totpStatus(db: Db, caller: Caller): Promise<{ enrolled: boolean }> {
  const [row] = await db.select({ confirmed: adminTotp.confirmed }).from(adminTotp).where(eq(adminTotp.adminId, caller.id)).limit(1);
  return { enrolled: !!row?.confirmed };
}

/** Starts enrolment: a new secret (unconfirmed until a first code from the app is accepted) and its QR code. */
export async function totpSetup(db: Db, secrets: SecretBox, caller: Caller, now: Date): Promise<TotpSetupResult> {
  if ((await totpStatus(db, caller)).enrolled) throw conflict('已绑定验证器，请先解绑');
  const { generateSecret, generateURI } = await import('otplib');
  const secret = generateSecret();
  await db
    .insert(adminTotp)
    .values({ adminId: caller.id, totpSecret: secrets.seal(secret), confirmed: false, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: adminTotp.adminId, set: { totpSecret: secrets.seal(secret), confirmed: false, lastStep: null, updatedAt: now } });
  const otpauthUrl = generateURI({ issuer: 'Waystation', label: caller.username, secret });
  const { default: QRCode } = await import('qrcode');
  return { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 200 }) };
}

/** Confirms enrolment with a first code from the app. */
export async function totpConfirm(db: Db, secrets: SecretBox, caller: Caller, actor: Actor, code: string, now: Date): Promise<void> {
  const [row] = await db.select().from(adminTotp).where(eq(adminTotp.adminId, caller.id)).limit(1);
  if (!row) throw conflict('请先获取验证器二维码');
  if (row.confirmed) throw conflict('已绑定验证器');
  if ((await recentFailures(db, caller.id, now)) >= VERIFY_MAX_FAILURES) throw tooMany();
  if (!(await checkTotp(db, secrets, caller.id, code, now))) {
    await db.insert(verifyAttempts).values({ operatorId: caller.id, type: 'totp_enrol', success: false, createdAt: now });
    throw invalid('code', '验证码错误');
  }
  await writeAudit(db, actor, { action: 'verify.totpEnrol', targetType: 'admin', targetId: caller.id }, now);
}

/** Removes the caller's authenticator; needs a current code from it. */
export async function totpRemove(db: Db, secrets: SecretBox, caller: Caller, actor: Actor, code: string, now: Date): Promise<void> {
  if (!(await totpStatus(db, caller)).enrolled) throw conflict('未绑定验证器');
  if ((await recentFailures(db, caller.id, now)) >= VERIFY_MAX_FAILURES) throw tooMany();
  if (!(await checkTotp(db, secrets, caller.id, code, now))) {
    await db.insert(verifyAttempts).values({ operatorId: caller.id, type: 'totp_remove', success: false, createdAt: now });
    throw invalid('code', '验证码错误');
  }
  await db.transaction(async (tx) => {
    await tx.delete(adminTotp).where(eq(adminTotp.adminId, caller.id));
    await writeAudit(tx, actor, { action: 'verify.totpRemove', targetType: 'admin', targetId: caller.id }, now);
  });
}
