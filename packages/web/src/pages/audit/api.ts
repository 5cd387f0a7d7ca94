import { useQuery } from '@tanstack/react-query';
import type { AuditListQuery } from '@waystation/shared/contract/audit';
import { fetchAuditList } from '../../api/audit';

export const useAuditList = (q: Partial<AuditListQuery>) =>
  useQuery({ queryKey: ['audit', 'list', q] as const, queryFn: () => fetchAuditList(q), placeholderData: (prev) => prev });
