import { z } from 'zod';
import { idParam, pageOf, queryInt } from './common';
import { isoTime } from './open';

/** The member API's content for the terminals (server: modules/config/terminalContent.ts). */

// ---------------------------------------------------------------- content for the terminals (read-only, ETag)

export const TipsQuery = z.strictObject({
  appId: z.enum(['1', '2']).default('1'),
  lang: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, '语言代码格式错误')
    .optional(),
});
export const TerminalTips = z.object({ list: z.array(z.object({ tipsKey: z.string(), text: z.string(), images: z.array(z.string()) })) });
export const HelpTree = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      nameEn: z.string(),
      articles: z.array(z.object({ id: z.number().int(), title: z.string() })),
      children: z.array(
        z.object({ id: z.number().int(), name: z.string(), nameEn: z.string(), articles: z.array(z.object({ id: z.number().int(), title: z.string() })) }),
      ),
    }),
  ),
});
/** GET /content/faq: the enabled FAQ in order, in the reader's language when translated. */
export const FaqQuery = TipsQuery.pick({ lang: true }).extend({ category: z.string().trim().max(50).optional() });
export const TerminalFaq = z.object({ list: z.array(z.object({ id: z.number().int(), category: z.string(), question: z.string(), answer: z.string() })) });
export const HelpArticleOut = z.object({ id: z.number().int(), title: z.string(), html: z.string(), publishedTime: isoTime.nullable() });
export const AgreementsQuery = z.strictObject({ appId: z.enum(['1', '2']).default('1') });
export const CurrentAgreement = z.object({ code: z.string(), title: z.string(), version: z.number().int(), requireAccept: z.boolean(), content: z.string() });
export const CurrentAgreements = z.object({ list: z.array(CurrentAgreement) });
export const AgreementAcceptBody = z.strictObject({ code: z.string().trim().min(1).max(60), version: z.number().int().positive() });
export const PendingAgreements = z.object({ list: z.array(z.object({ code: z.string(), title: z.string(), version: z.number().int() })) });
export const AppVersionQuery = z.strictObject({
  platform: z.enum(['android', 'ios', 'windows', 'mac', 'web']),
  current: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/, '版本号格式为 1.2.3')
    .optional(),
});
export const AppVersionCheck = z.object({
  latest: z.object({ version: z.string(), forceUpdate: z.boolean(), downloadUrl: z.string(), releaseNotes: z.string() }).nullable(),
  updateAvailable: z.boolean(),
  mustUpdate: z.boolean(),
});

export const OpenIdQuery = z.strictObject({ id: idParam });

// ---------------------------------------------------------------- the member's site messages

/** GET /messages: the site messages sent to the member (channel type 站内信), newest first; `unread=true`: only those not read. */
export const MessageListQuery = z.strictObject({
  page: queryInt(1, 1_000_000).default(1),
  limit: queryInt(1, 100).default(20),
  unread: z.enum(['true', 'false']).optional(),
});
export const MemberMessage = z.object({
  id: z.number().int(),
  /** The event that sent it (notify vocabulary: pretrial_failed, package_shipped, …). */
  event: z.string(),
  subject: z.string(),
  body: z.string(),
  sentTime: isoTime,
  /** When the member marked it read; null: unread. */
  readTime: isoTime.nullable(),
});
/** The page, and how many of all the member's messages are unread (the badge). */
export const MessageList = pageOf(MemberMessage).extend({ unread: z.number().int() });
/** POST /messages/read: marks these of the member's messages read, or all of them; others' ids are not theirs to mark. */
export const MessageReadBody = z
  .strictObject({
    ids: z.array(z.number().int().positive()).min(1, '请选择消息').max(100, '一次最多 100 条').optional(),
    all: z.literal(true).optional(),
  })
  .refine((b) => !!b.ids !== !!b.all, { message: '请选择消息（ids）或全部（all）之一', path: ['ids'] });
export const MessageReadResult = z.object({ read: z.number().int(), unread: z.number().int() });
export type MessageList = z.infer<typeof MessageList>;
