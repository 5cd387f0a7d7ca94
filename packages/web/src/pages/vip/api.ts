import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TransactionListResult } from '@waystation/shared/contract/ledger';
import {
  AdjustResult,
  MemberDetail,
  MemberListResult,
  QueryDiscordResult,
  UserLevelListResult,
  UserLevelOptions,
  type AdjustBody,
  type MemberListQuery,
  type MemberStatusBody,
  type ModifyAddressBody,
  type ModifyKfcBody,
  type SaveUserLevelBody,
  type KycReviewBody,
} from '@waystation/shared/contract/vip';
import { KycState } from '@waystation/shared/contract/openAccounts';
import { request } from '../../api/request';

type H = Record<string, string>;

export const fetchMembers = (params: Partial<MemberListQuery>) => request('/api/vip/pageList', { params, schema: MemberListResult });
export const fetchMember = (id: number) => request('/api/vip/detail', { params: { id }, schema: MemberDetail });
export const fetchMemberTransactions = (params: { memberId: number; page: number; limit: number }) =>
  request('/api/vip/transactions', { params, schema: TransactionListResult });
export const modifyAmount = (body: AdjustBody, headers: H) => request('/api/vip/modifyAmount', { method: 'POST', body, headers, schema: AdjustResult });
export const modifyCommission = (body: AdjustBody, headers: H) => request('/api/vip/modifyCommission', { method: 'POST', body, headers, schema: AdjustResult });
export const modifyAddress = (body: ModifyAddressBody, headers: H) => request('/api/vip/modifyAddress', { method: 'POST', body, headers, schema: z.unknown() });
export const modifyStatus = (body: MemberStatusBody, headers: H) =>
  request('/api/vip/modifyStatus', { method: 'POST', body, headers, schema: z.object({ changed: z.boolean() }) });
export const reviewKyc = (body: z.input<typeof KycReviewBody>) => request('/api/vip/kycReview', { method: 'POST', body, schema: KycState });
export const queryDiscord = (body: { memberId: number }, headers: H) =>
  request('/api/vip/queryDiscord', { method: 'POST', body, headers, schema: QueryDiscordResult });
export const modifyKfc = (body: ModifyKfcBody, headers: H) => request('/api/vip/modifyKfc', { method: 'POST', body, headers, schema: z.unknown() });
export const fetchLevels = (params: { page: number; limit: number; name?: string; status?: string }) =>
  request('/api/user/fetchUserLevelList', { params, schema: UserLevelListResult });
export const fetchLevelOptions = () => request('/api/user/enableUserLevelList', { schema: UserLevelOptions });
export const saveLevel = (body: SaveUserLevelBody) => request('/api/user/saveUserLevel', { method: 'POST', body, schema: z.object({ id: z.number() }) });

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
