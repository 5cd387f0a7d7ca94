import { AuditListResult, type AuditListQuery } from '@waystation/shared/contract/audit';
import { request } from './request';

/** GET /api/audit/pageList */
export const fetchAuditList = (params: Partial<AuditListQuery>) => request('/api/audit/pageList', { params, schema: AuditListResult });
