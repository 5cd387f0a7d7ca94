import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RoleSaveBody } from '@waystation/shared/contract/role';
import { deleteRole, fetchRoleOptions, getCatalogue, saveRole } from '../../api/role';

/** Query keys of roles. */
export const roleKeys = {
  roleOptions: ['role', 'options'] as const,
  catalogue: ['role', 'catalogue'] as const,
};

/** Every role, for selectors: staff managers may not hold the role-management permission. */
export const useRoleOptions = () => useQuery({ queryKey: roleKeys.roleOptions, queryFn: fetchRoleOptions, staleTime: 60_000 });

export const useCatalogue = () => useQuery({ queryKey: roleKeys.catalogue, queryFn: getCatalogue, staleTime: Infinity });

/** A role write refreshes the role queries. */
function useRoleMutation<B, R>(fn: (b: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['role'] }),
  });
}

export const useSaveRole = () => useRoleMutation((body: RoleSaveBody) => saveRole(body));
export const useDeleteRole = () => useRoleMutation((id: number) => deleteRole(id));
