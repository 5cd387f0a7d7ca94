import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { outboxMessages } from '../db/schema';

/** The latest 6-digit code mailed to an email (a sign-up's or a reset's), as the member would read it in the mail. */
export async function emailCode(db: Db, email: string, subject = '注册验证码'): Promise<string> {
  const [mail] = await db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, email.toLowerCase()), eq(outboxMessages.subject, subject)))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const code = mail?.body.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** The latest verification code the outbox holds for a staff verifier, as they would read it in their message. */
export async function verifierCode(db: Db, subjectId: number): Promise<string> {
  const [row] = await db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipientAdminId, subjectId))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const code = row?.body.match(/验证码 (\d{6})/)?.[1];
  if (!code) throw new Error(`no code in the outbox for admin ${subjectId}`);
  return code;
}
