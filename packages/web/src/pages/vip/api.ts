import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdjustBody,
  type MemberListQuery,
  type MemberStatusBody,
  type ModifyAddressBody,
  type ModifyKfcBody,
  type SaveUserLevelBody,
  type KycReviewBody,
  vipPageListCall,
  vipDetailCall,
  vipTransactionsCall,
  vipModifyAmountCall,
  vipModifyCommissionCall,
  vipModifyAddressCall,
  vipModifyStatusCall,
  vipKycReviewCall,
  vipQueryDiscordCall,
  vipModifyKfcCall,
  userFetchUserLevelListCall,
  userEnableUserLevelListCall,
  userSaveUserLevelCall,
} from '@waystation/shared/contract/vip';
import { call } from '../../api/request';

type H = Record<string, string>;

export const fetchMembers = (params: Partial<MemberListQuery>) => call(vipPageListCall, params);
export const fetchMember = (id: number) => call(vipDetailCall, { id });
export const fetchMemberTransactions = (params: { memberId: number; page: number; limit: number }) => call(vipTransactionsCall, params);
export const modifyAmount = (body: AdjustBody, headers: H) => call(vipModifyAmountCall, body, { headers });
export const modifyCommission = (body: AdjustBody, headers: H) => call(vipModifyCommissionCall, body, { headers });
export const modifyAddress = (body: ModifyAddressBody, headers: H) => call(vipModifyAddressCall, body, { headers });
export const modifyStatus = (body: MemberStatusBody, headers: H) => call(vipModifyStatusCall, body, { headers });
export const reviewKyc = (body: z.input<typeof KycReviewBody>) => call(vipKycReviewCall, body);
export const queryDiscord = (body: { memberId: number }, headers: H) => call(vipQueryDiscordCall, body, { headers });
export const modifyKfc = (body: ModifyKfcBody, headers: H) => call(vipModifyKfcCall, body, { headers });
export const fetchLevels = (params: { page: number; limit: number; name?: string; status?: string }) => call(userFetchUserLevelListCall, params);
export const fetchLevelOptions = () => call(userEnableUserLevelListCall);
export const saveLevel = (body: SaveUserLevelBody) => call(userSaveUserLevelCall, body);

export const vipKeys = {
  all: ['vip'] as const,
  list: (q: Partial<MemberListQuery>) => ['vip', 'list', q] as const,
  detail: (id: number) => ['vip', 'detail', id] as const,
  transactions: (id: number, page: number) => ['vip', 'transactions', id, page] as const,
  levels: ['vip', 'levels'] as const,
  levelList: (q: object) => ['vip', 'levels', 'list', q] as const,
  levelOptions: ['vip', 'levels', 'options'] as const,
};

export const useMembers = (q: Partial<MemberListQuery>) =>
  useQuery({ queryKey: vipKeys.list(q), queryFn: () => fetchMembers(q), placeholderData: (prev) => prev });
export const useMember = (id: number) => useQuery({ queryKey: vipKeys.detail(id), queryFn: () => fetchMember(id), enabled: id > 0 });
export const useMemberTransactions = (id: number, page: number) =>
  useQuery({
    queryKey: vipKeys.transactions(id, page),
    queryFn: () => fetchMemberTransactions({ memberId: id, page, limit: 10 }),
    placeholderData: (prev) => prev,
    enabled: id > 0,
  });
export const useLevelOptions = () => useQuery({ queryKey: vipKeys.levelOptions, queryFn: fetchLevelOptions, staleTime: 60_000 });
export const useLevels = (q: { page: number; limit: number; name?: string; status?: string }) =>
  useQuery({ queryKey: vipKeys.levelList(q), queryFn: () => fetchLevels(q), placeholderData: (prev) => prev });

export function useSaveLevel() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveLevel, onSuccess: () => qc.invalidateQueries({ queryKey: vipKeys.levels }) });
}

/** After any member write: the member, lists and transactions are stale. */
export function useInvalidateMember() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: vipKeys.all }), qc.invalidateQueries({ queryKey: ['transaction'] })]);
}
