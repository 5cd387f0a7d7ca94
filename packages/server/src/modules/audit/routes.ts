import type { FastifyInstance } from 'fastify';
import { AuditListQuery, AuditListResult } from '@waystation/shared/contract/audit';
import { api } from '../../core/http';
import { listAudit } from './service';

export function auditRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, {
    method: 'GET',
    url: '/api/audit/pageList',
    permission: 'system:audit',
    summary: 'Audit trail (super admins)',
    query: AuditListQuery,
    data: AuditListResult,
    handler: ({ query }) => listAudit(db, query),
  });
}
