import { z } from 'zod';
import { PageQuery, pageOf, textFilter } from './common';
import { defineCall } from './call';

const isoTime = z.iso.datetime({ offset: true });

/** GET /api/audit/pageList (super admins) */
export const AuditListQuery = PageQuery.extend({
  actor: textFilter,
  action: textFilter,
  targetType: textFilter,
  targetId: textFilter,
  from: isoTime.optional(),
  to: isoTime.optional(),
  /** Keyset paging: the nextCursor of the previous page; page is then ignored. */
  cursor: z.string().regex(/^\d+$/).optional(),
});
export type AuditListQuery = z.infer<typeof AuditListQuery>;

export const AuditEntry = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  result: z.enum(['ok', 'refused']),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  createTime: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditListResult = pageOf(AuditEntry).extend({ nextCursor: z.string().nullable() });

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const auditPageListCall = defineCall({ method: 'GET', url: '/api/audit/pageList', query: AuditListQuery, data: AuditListResult });
