import type { FastifyInstance } from 'fastify';
import { auditPageListCall } from '@waystation/shared/contract/audit';
import { api } from '../../core/http';
import { listAudit } from './service';

export function auditRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, auditPageListCall, {
    permission: 'system:audit',
    summary: 'Audit trail (super admins)',
    handler: ({ query }) => listAudit(db, query),
  });
}
