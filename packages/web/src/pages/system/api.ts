import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminListQuery, AdminSaveBody, ModifyStatusQuery } from '@waystation/shared/contract/admin';
import type { RoleListQuery, RoleSaveBody } from '@waystation/shared/contract/role';
import type { AuditListQuery } from '@waystation/shared/contract/audit';
import { fetchAdminList, modifyAdminStatus, saveAdmin } from '../../api/admin';
import { deleteRole, fetchRoleList, fetchRoleOptions, getCatalogue, saveRole } from '../../api/role';
import { fetchAuditList } from '../../api/audit';

/** Query keys of the system domain (staff accounts, roles, audit trail). */
export const systemKeys = {
  admins: ['admin', 'list'] as const,
  adminList: (q: Partial<AdminListQuery>) => ['admin', 'list', q] as const,
  roles: ['role', 'list'] as const,
  roleList: (q: Partial<RoleListQuery>) => ['role', 'list', q] as const,
  roleOptions: ['role', 'options'] as const,
  catalogue: ['role', 'catalogue'] as const,
  auditList: (q: Partial<AuditListQuery>) => ['audit', 'list', q] as const,
};

export const useAdminList = (q: Partial<AdminListQuery>) =>
  useQuery({ queryKey: systemKeys.adminList(q), queryFn: () => fetchAdminList(q), placeholderData: (prev) => prev });

export const useRoleList = (q: Partial<RoleListQuery>) =>
  useQuery({ queryKey: systemKeys.roleList(q), queryFn: () => fetchRoleList(q), placeholderData: (prev) => prev });

/** Every role, for selectors: staff managers may not hold the role-management permission. */
export const useRoleOptions = () => useQuery({ queryKey: systemKeys.roleOptions, queryFn: fetchRoleOptions, staleTime: 60_000 });

export const useCatalogue = () => useQuery({ queryKey: systemKeys.catalogue, queryFn: getCatalogue, staleTime: Infinity });

export const useAuditList = (q: Partial<AuditListQuery>) =>
  useQuery({ queryKey: systemKeys.auditList(q), queryFn: () => fetchAuditList(q), placeholderData: (prev) => prev });

export function useSaveAdmin() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (body: AdminSaveBody) => saveAdmin(body), onSuccess: () => qc.invalidateQueries({ queryKey: systemKeys.admins }) });
}

export function useModifyAdminStatus() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (q: ModifyStatusQuery) => modifyAdminStatus(q), onSuccess: () => qc.invalidateQueries({ queryKey: systemKeys.admins }) });
}

export function useSaveRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleSaveBody) => saveRole(body),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: ['role'] });
    },
  });
}

export function useDeleteRole() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: number) => deleteRole(id), onSuccess: () => qc.invalidateQueries({ queryKey: ['role'] }) });
}
