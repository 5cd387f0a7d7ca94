import { z } from 'zod';
import { idParam, PageQuery, pageOf, textFilter } from '../common';
import { ScanCode } from '../warehouse';
import { ExceptionStatus, ExceptionType, PackageStatus } from '../../vocab/goods-out';
import { defineCall } from '../call';
import { PackageActionResult, reason } from './common';

/** Package exceptions and returns (异常包裹): registered by the server's routes/exceptions.ts. */
export const ExceptionRaiseBody = z.strictObject({
  packageNo: ScanCode,
  type: z.enum(ExceptionType.values),
  reason: reason('请输入异常原因'),
  photos: z.array(z.string().min(1).max(300)).max(20).default([]),
});
export const ExceptionRecord = z.object({
  id: z.number().int(),
  packageId: z.number().int(),
  packageNo: z.string(),
  userCode: z.string(),
  packageStatus: z.enum(PackageStatus.values),
  type: z.enum(ExceptionType.values),
  reason: z.string(),
  photos: z.array(z.object({ fileUri: z.string(), fileUrl: z.string() })),
  fromStatus: z.enum(PackageStatus.values),
  status: z.enum(ExceptionStatus.values),
  ownerId: z.number().int().nullable(),
  ownerName: z.string(),
  resolution: z.string(),
  raisedBy: z.string(),
  handledBy: z.string(),
  handledAt: z.string().nullable(),
  createTime: z.string(),
});
export type ExceptionRecord = z.infer<typeof ExceptionRecord>;
export const ExceptionListQuery = PageQuery.extend({
  status: z.enum(ExceptionStatus.values).optional(),
  packageNo: textFilter,
  type: z.enum(ExceptionType.values).optional(),
});
export const ExceptionList = pageOf(ExceptionRecord);
export const ExceptionDetailQuery = z.strictObject({ id: idParam });
export const ExceptionAssignBody = z.strictObject({ id: z.number().int().positive(), ownerId: z.number().int().positive() });
export const ExceptionHandleBody = z.strictObject({ id: z.number().int().positive(), resolution: reason('请输入处理说明') });
export const ReturnStepBody = z.strictObject({
  id: z.number().int().positive(),
  event: z.enum(['return_check', 'return_refund', 'return_done']),
  note: z.string().trim().max(500).default(''),
});
export const StaffOption = z.object({ id: z.number().int(), name: z.string() });

// The calls (issue #29): each declared once, registered by the server's exceptions.ts, made by the web.
export const warehouseExceptionRaiseCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/exception/raise',
  body: ExceptionRaiseBody,
  data: PackageActionResult,
});
export const warehouseExceptionPageListCall = defineCall({
  method: 'GET',
  url: '/api/warehouse/exception/pageList',
  query: ExceptionListQuery,
  data: ExceptionList,
});
export const warehouseExceptionDetailCall = defineCall({
  method: 'GET',
  url: '/api/warehouse/exception/detail',
  query: ExceptionDetailQuery,
  data: ExceptionRecord,
});
export const warehouseExceptionStaffCall = defineCall({ method: 'GET', url: '/api/warehouse/exception/staff', data: z.array(StaffOption) });
export const warehouseExceptionAssignCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/exception/assign',
  body: ExceptionAssignBody,
  data: z.object({ id: z.number().int(), ownerId: z.number().int(), ownerName: z.string() }),
});
export const warehouseExceptionResolveCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/exception/resolve',
  body: ExceptionHandleBody,
  data: PackageActionResult,
});
export const warehouseExceptionReturnCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/exception/return',
  body: ExceptionHandleBody,
  data: PackageActionResult,
});
export const warehouseExceptionCancelCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/exception/cancel',
  body: ExceptionHandleBody,
  data: PackageActionResult,
});
export const warehouseReturnStepCall = defineCall({ method: 'POST', url: '/api/warehouse/return/step', body: ReturnStepBody, data: PackageActionResult });
