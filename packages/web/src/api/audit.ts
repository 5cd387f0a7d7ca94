import { type AuditListQuery, auditPageListCall } from '@waystation/shared/contract/audit';
import { call } from './request';

/** GET /api/audit/pageList */
export const fetchAuditList = (params: Partial<AuditListQuery>) => call(auditPageListCall, params);
