import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminListQuery, AdminSaveBody, ModifyStatusQuery } from '@waystation/shared/contract/admin';
import { fetchAdminList, modifyAdminStatus, saveAdmin } from '../../api/admin';

/** Query keys of staff accounts. */
export const adminKeys = {
  admins: ['admin', 'list'] as const,
  adminList: (q: Partial<AdminListQuery>) => ['admin', 'list', q] as const,
};

export const useAdminList = (q: Partial<AdminListQuery>) =>
  useQuery({ queryKey: adminKeys.adminList(q), queryFn: () => fetchAdminList(q), placeholderData: (prev) => prev });

export function useSaveAdmin() {
  const qc = useQueryClient();
  return useMutation({
    // headers: X-Verify-Ticket when setting another person's password (reset_admin_pwd).
    mutationFn: ({ body, headers }: { body: AdminSaveBody; headers?: Record<string, string> }) => saveAdmin(body, headers),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.admins }),
  });
}

export function useModifyAdminStatus() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (q: ModifyStatusQuery) => modifyAdminStatus(q), onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.admins }) });
}
