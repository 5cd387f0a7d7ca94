import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoleListQuery, RoleSaveBody } from '@waystation/shared/contract/role';
import { deleteRole, fetchRoleList, fetchRoleOptions, getCatalogue, saveRole } from '../../api/role';

/** Query keys of roles. */
export const roleKeys = {
  roleList: (q: Partial<RoleListQuery>) => ['role', 'list', q] as const,
  roleOptions: ['role', 'options'] as const,
  catalogue: ['role', 'catalogue'] as const,
};

export const useRoleList = (q: Partial<RoleListQuery>) =>
  useQuery({ queryKey: roleKeys.roleList(q), queryFn: () => fetchRoleList(q), placeholderData: (prev) => prev });

/** Every role, for selectors: staff managers may not hold the role-management permission. */
export const useRoleOptions = () => useQuery({ queryKey: roleKeys.roleOptions, queryFn: fetchRoleOptions, staleTime: 60_000 });

export const useCatalogue = () => useQuery({ queryKey: roleKeys.catalogue, queryFn: getCatalogue, staleTime: Infinity });

export function useSaveRole() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (body: RoleSaveBody) => saveRole(body), onSuccess: () => qc.invalidateQueries({ queryKey: ['role'] }) });
}

export function useDeleteRole() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: number) => deleteRole(id), onSuccess: () => qc.invalidateQueries({ queryKey: ['role'] }) });
}
