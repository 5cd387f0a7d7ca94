import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CodeListResult, GenerateCodesResult, RedeemCodeResult, type CodeListQuery } from '@waystation/shared/contract/marketing/codes';
import type { CrowdFilter } from '@waystation/shared/contract/marketing/common';
import {
  Coupon,
  CouponListResult,
  CouponOptions,
  type CouponListQuery,
  type SaveConstCouponBody,
  type SaveCycleCouponBody,
} from '@waystation/shared/contract/marketing/coupons';
import {
  Activity,
  ActivityListResult,
  DrawRecordResult,
  DrawResult,
  SimulateResult,
  type ActivityListQuery,
  type DrawRecordQuery,
  type SaveActivityBody,
  type SimulateBody,
} from '@waystation/shared/contract/marketing/draws';
import {
  CrowdCountResult,
  SendRecordResult,
  SendResult,
  type SendCrowdBody,
  type SendRecordQuery,
  type SendTargetedBody,
} from '@waystation/shared/contract/marketing/grants';
import { JobListResult } from '@waystation/shared/contract/marketing/jobs';
import { PreviewResult, SpaceListResult, TaskListResult, type SaveSpaceBody, type SaveTaskBody } from '@waystation/shared/contract/marketing/resources';
import { request } from '../../api/request';
import { downloadFile } from '../../api/download';

type Q<T> = Partial<T> & { page: number; limit: number };
const Created = z.object({ id: z.number() });
const Changed = z.object({ changed: z.boolean() });

export const mk = {
  all: ['marketing'] as const,
  coupons: (q: object) => ['marketing', 'coupons', q] as const,
  coupon: (id: number) => ['marketing', 'coupon', id] as const,
  couponOptions: ['marketing', 'couponOptions'] as const,
  records: (q: object) => ['marketing', 'records', q] as const,
  codes: (q: object) => ['marketing', 'codes', q] as const,
  jobs: (q: object) => ['marketing', 'jobs', q] as const,
  spaces: (q: object) => ['marketing', 'spaces', q] as const,
  tasks: (q: object) => ['marketing', 'tasks', q] as const,
  activities: (q: object) => ['marketing', 'activities', q] as const,
  activity: (id: number) => ['marketing', 'activity', id] as const,
  draws: (q: object) => ['marketing', 'draws', q] as const,
};

export const newRequestId = () => `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export const useCoupons = (q: Q<CouponListQuery>) =>
  useQuery({
    queryKey: mk.coupons(q),
    queryFn: () => request('/api/marketing/coupon/pageList', { params: q, schema: CouponListResult }),
    placeholderData: (p) => p,
  });
export const useCoupon = (id: number) =>
  useQuery({ queryKey: mk.coupon(id), queryFn: () => request('/api/marketing/coupon/detail', { params: { id }, schema: Coupon }), enabled: id > 0 });
export const useCouponOptions = () =>
  useQuery({ queryKey: mk.couponOptions, queryFn: () => request('/api/marketing/coupon/options', { schema: CouponOptions }), staleTime: 30_000 });
export const useRecords = (q: Q<SendRecordQuery>) =>
  useQuery({
    queryKey: mk.records(q),
    queryFn: () => request('/api/marketing/coupon/sendRecordList', { params: q, schema: SendRecordResult }),
    placeholderData: (p) => p,
  });
export const useCodes = (q: Q<CodeListQuery>, enabled = true) =>
  useQuery({
    queryKey: mk.codes(q),
    queryFn: () => request('/api/marketing/coupon/codeList', { params: q, schema: CodeListResult }),
    enabled,
    placeholderData: (p) => p,
  });
export const useJobs = (q: { page: number; limit: number }) =>
  useQuery({ queryKey: mk.jobs(q), queryFn: () => request('/api/marketing/job/list', { params: q, schema: JobListResult }) });
export const useSpaces = (q: { page: number; limit: number; name?: string; position?: string; status?: string }) =>
  useQuery({
    queryKey: mk.spaces(q),
    queryFn: () => request('/api/marketing/resource/spaceList', { params: q, schema: SpaceListResult }),
    placeholderData: (p) => p,
  });
export const useTasks = (q: { page: number; limit: number; spaceId: number }) =>
  useQuery({
    queryKey: mk.tasks(q),
    queryFn: () => request('/api/marketing/resource/taskList', { params: q, schema: TaskListResult }),
    enabled: q.spaceId > 0,
    placeholderData: (p) => p,
  });
export const useActivities = (q: Q<ActivityListQuery>) =>
  useQuery({
    queryKey: mk.activities(q),
    queryFn: () => request('/api/marketing/activity/pageList', { params: q, schema: ActivityListResult }),
    placeholderData: (p) => p,
  });
export const useActivity = (id: number) =>
  useQuery({ queryKey: mk.activity(id), queryFn: () => request('/api/marketing/activity/detail', { params: { id }, schema: Activity }), enabled: id > 0 });
export const useDraws = (q: Q<DrawRecordQuery>, enabled = true) =>
  useQuery({
    queryKey: mk.draws(q),
    queryFn: () => request('/api/marketing/activity/drawRecordList', { params: q, schema: DrawRecordResult }),
    enabled,
    placeholderData: (p) => p,
  });

export const fetchPreview = (userCode: string, at?: string) => request('/api/marketing/resource/preview', { params: { userCode, at }, schema: PreviewResult });
export const crowdCount = (filter: CrowdFilter) => request('/api/marketing/coupon/crowdCount', { method: 'POST', body: { filter }, schema: CrowdCountResult });
export const simulate = (body: SimulateBody) => request('/api/marketing/activity/simulate', { method: 'POST', body, schema: SimulateResult, timeout: 60_000 });
export const redeemCode = (body: { code: string; userCode: string }) =>
  request('/api/marketing/coupon/redeemCode', { method: 'POST', body, schema: RedeemCodeResult });

/** A mutation that refreshes every marketing query after it succeeds. */
function useWrite<B, R>(fn: (body: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: mk.all }) });
}

export const useSaveConst = () =>
  useWrite((b: SaveConstCouponBody) => request('/api/marketing/coupon/saveConst', { method: 'POST', body: b, schema: Created }));
export const useSaveCycle = () =>
  useWrite((b: SaveCycleCouponBody) => request('/api/marketing/coupon/saveCycle', { method: 'POST', body: b, schema: Created }));
export const useCouponStatus = () =>
  useWrite((b: { id: number; status: 'activity' | 'disabled' }) => request('/api/marketing/coupon/modifyStatus', { method: 'POST', body: b, schema: Changed }));
export const useSendTargeted = () =>
  useWrite((b: SendTargetedBody) => request('/api/marketing/coupon/sendTargeted', { method: 'POST', body: b, schema: SendResult }));
export const useSendCrowd = () => useWrite((b: SendCrowdBody) => request('/api/marketing/coupon/sendCrowd', { method: 'POST', body: b, schema: SendResult }));
export const useRevoke = () =>
  useWrite((b: { id: number; reason: string }) => request('/api/marketing/coupon/modifyGrantStatus', { method: 'POST', body: b, schema: z.null() }));
export const useGenerateCodes = () =>
  useWrite((b: { couponId: number; count: number; requestId: string }) =>
    request('/api/marketing/coupon/addCodes', { method: 'POST', body: b, schema: GenerateCodesResult }),
  );
export const useSaveSpace = () => useWrite((b: SaveSpaceBody) => request('/api/marketing/resource/saveSpace', { method: 'POST', body: b, schema: Created }));
export const useSaveTask = () => useWrite((b: SaveTaskBody) => request('/api/marketing/resource/saveTask', { method: 'POST', body: b, schema: Created }));
export const useTaskStatus = () =>
  useWrite((b: { id: number; status: 'activity' | 'disabled' }) =>
    request('/api/marketing/resource/modifyTaskStatus', { method: 'POST', body: b, schema: Changed }),
  );
/** Saves an activity; one with balance prizes carries the verification ticket (modify_draw_balance_pool) in `headers`. */
export const useSaveActivity = () =>
  useWrite(({ body, headers }: { body: SaveActivityBody; headers?: Record<string, string> }) =>
    request('/api/marketing/activity/save', { method: 'POST', body, headers, schema: Created }),
  );
export const useActivityStatus = () =>
  useWrite(({ body, headers }: { body: { id: number; status: 'activity' | 'disabled' }; headers?: Record<string, string> }) =>
    request('/api/marketing/activity/modifyStatus', { method: 'POST', body, headers, schema: Changed }),
  );
export const useDraw = () =>
  useWrite((b: { activityId: number; userCode: string; requestId: string }) =>
    request('/api/marketing/activity/draw', { method: 'POST', body: b, schema: DrawResult }),
  );

/** Downloads an Excel export with the session token in the header (never in the URL). */
export const downloadExcel = (url: string, params: Record<string, unknown>, fileName: string) => downloadFile(url, params, fileName, 'spreadsheet');
