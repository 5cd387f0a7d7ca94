import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  marketingCouponAddCodesCall,
  marketingCouponCodeListCall,
  marketingCouponRedeemCodeCall,
  type CodeListQuery,
} from '@waystation/shared/contract/marketing/codes';
import type { CrowdFilter } from '@waystation/shared/contract/marketing/common';
import {
  marketingCouponDetailCall,
  marketingCouponModifyStatusCall,
  marketingCouponOptionsCall,
  marketingCouponSaveConstCall,
  marketingCouponSaveCycleCall,
  type SaveConstCouponBody,
  type SaveCycleCouponBody,
} from '@waystation/shared/contract/marketing/coupons';
import {
  marketingActivityDetailCall,
  marketingActivityDrawCall,
  marketingActivityDrawRecordListCall,
  marketingActivityModifyStatusCall,
  marketingActivitySaveCall,
  marketingActivitySimulateCall,
  type DrawRecordQuery,
  type SaveActivityBody,
  type SimulateBody,
} from '@waystation/shared/contract/marketing/draws';
import {
  marketingCouponCrowdCountCall,
  marketingCouponModifyGrantStatusCall,
  marketingCouponSendCrowdCall,
  marketingCouponSendTargetedCall,
  type SendCrowdBody,
  type SendTargetedBody,
} from '@waystation/shared/contract/marketing/grants';
import { marketingJobListCall } from '@waystation/shared/contract/marketing/jobs';
import {
  marketingResourceModifyTaskStatusCall,
  marketingResourcePreviewCall,
  marketingResourceSaveSpaceCall,
  marketingResourceSaveTaskCall,
  type SaveSpaceBody,
  type SaveTaskBody,
} from '@waystation/shared/contract/marketing/resources';
import { call } from '../../api/request';

type Q<T> = Partial<T> & { page: number; limit: number };

export const mk = {
  all: ['marketing'] as const,
  coupon: (id: number) => ['marketing', 'coupon', id] as const,
  couponOptions: ['marketing', 'couponOptions'] as const,
  codes: (q: object) => ['marketing', 'codes', q] as const,
  jobs: (q: object) => ['marketing', 'jobs', q] as const,
  activity: (id: number) => ['marketing', 'activity', id] as const,
  draws: (q: object) => ['marketing', 'draws', q] as const,
};

export const newRequestId = () => `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export const useCoupon = (id: number) => useQuery({ queryKey: mk.coupon(id), queryFn: () => call(marketingCouponDetailCall, { id }), enabled: id > 0 });
export const useCouponOptions = () => useQuery({ queryKey: mk.couponOptions, queryFn: () => call(marketingCouponOptionsCall), staleTime: 30_000 });
export const useCodes = (q: Q<CodeListQuery> & { couponId: number }, enabled = true) =>
  useQuery({
    queryKey: mk.codes(q),
    queryFn: () => call(marketingCouponCodeListCall, q),
    enabled,
    placeholderData: (p) => p,
  });
export const useJobs = (q: { page: number; limit: number }) => useQuery({ queryKey: mk.jobs(q), queryFn: () => call(marketingJobListCall, q) });
export const useActivity = (id: number) => useQuery({ queryKey: mk.activity(id), queryFn: () => call(marketingActivityDetailCall, { id }), enabled: id > 0 });
export const useDraws = (q: Q<DrawRecordQuery>, enabled = true) =>
  useQuery({
    queryKey: mk.draws(q),
    queryFn: () => call(marketingActivityDrawRecordListCall, q),
    enabled,
    placeholderData: (p) => p,
  });

export const fetchPreview = (userCode: string, at?: string) => call(marketingResourcePreviewCall, { userCode, at });
export const crowdCount = (filter: CrowdFilter) => call(marketingCouponCrowdCountCall, { filter });
export const simulate = (body: SimulateBody) => call(marketingActivitySimulateCall, body, { timeout: 60_000 });
export const redeemCode = (body: { code: string; userCode: string }) => call(marketingCouponRedeemCodeCall, body);

/** A mutation that refreshes every marketing query after it succeeds. */
function useWrite<B, R>(fn: (body: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: mk.all }),
  });
}

export const useSaveConst = () => useWrite((b: SaveConstCouponBody) => call(marketingCouponSaveConstCall, b));
export const useSaveCycle = () => useWrite((b: SaveCycleCouponBody) => call(marketingCouponSaveCycleCall, b));
export const useCouponStatus = () => useWrite((b: { id: number; status: 'activity' | 'disabled' }) => call(marketingCouponModifyStatusCall, b));
export const useSendTargeted = () => useWrite((b: SendTargetedBody) => call(marketingCouponSendTargetedCall, b));
export const useSendCrowd = () => useWrite((b: SendCrowdBody) => call(marketingCouponSendCrowdCall, b));
export const useRevoke = () => useWrite((b: { id: number; reason: string }) => call(marketingCouponModifyGrantStatusCall, b));
export const useGenerateCodes = () => useWrite((b: { couponId: number; count: number; requestId: string }) => call(marketingCouponAddCodesCall, b));
export const useSaveSpace = () => useWrite((b: SaveSpaceBody) => call(marketingResourceSaveSpaceCall, b));
export const useSaveTask = () => useWrite((b: SaveTaskBody) => call(marketingResourceSaveTaskCall, b));
export const useTaskStatus = () => useWrite((b: { id: number; status: 'activity' | 'disabled' }) => call(marketingResourceModifyTaskStatusCall, b));
/** Saves an activity; one with balance prizes carries the verification ticket (modify_draw_balance_pool) in `headers`. */
export const useSaveActivity = () =>
  useWrite(({ body, headers }: { body: SaveActivityBody; headers?: Record<string, string> }) => call(marketingActivitySaveCall, body, { headers }));
export const useActivityStatus = () =>
  useWrite(({ body, headers }: { body: { id: number; status: 'activity' | 'disabled' }; headers?: Record<string, string> }) =>
    call(marketingActivityModifyStatusCall, body, { headers }),
  );
export const useDraw = () => useWrite((b: { activityId: number; userCode: string; requestId: string }) => call(marketingActivityDrawCall, b));

/** Downloads an Excel export with the session token in the header (never in the URL). */
