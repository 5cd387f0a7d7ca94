import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ExceptionAssignBody,
  ExceptionDetailQuery,
  ExceptionHandleBody,
  ExceptionList,
  ExceptionListQuery,
  ExceptionRaiseBody,
  ExceptionRecord,
  PackageActionResult,
  ReturnStepBody,
  StaffOption,
} from '@waystation/shared/contract/goodsOut';
import { STATION_PERMISSIONS } from '@waystation/shared/machines/package';
import { api } from '../../../core/http';
import { assignException, exceptionDetail, handleException, listExceptions, raiseException, returnStep } from '../exceptions';
import { activeStaffOptions } from '../queries';
import { type StationContext, ABNORMAL } from './shared';

/** Exceptions (any station raises one; 异常包裹 handles it) and package returns. */
export function exceptionRoutes(app: FastifyInstance, { db, media }: StationContext): void {
  api(app, {
    method: 'POST',
    url: '/api/warehouse/exception/raise',
    permission: STATION_PERMISSIONS,
    summary: 'Any station: raise an exception on a package (→ exception)',
    body: ExceptionRaiseBody,
    data: PackageActionResult,
    handler: ({ body, actor, now }) => raiseException(db, body, { actor, now }),
  });
  api(app, {
    method: 'GET',
    url: '/api/warehouse/exception/pageList',
    permission: ABNORMAL,
    summary: 'Exceptions',
    query: ExceptionListQuery,
    data: ExceptionList,
    handler: ({ query }) => listExceptions(db, query, media),
  });
  api(app, {
    method: 'GET',
    url: '/api/warehouse/exception/detail',
    permission: ABNORMAL,
    summary: 'One exception',
    query: ExceptionDetailQuery,
    data: ExceptionRecord,
    handler: ({ query }) => exceptionDetail(db, query.id, media),
  });
  api(app, {
    method: 'GET',
    url: '/api/warehouse/exception/staff',
    permission: ABNORMAL,
    summary: 'Active staff to assign exceptions to',
    data: z.array(StaffOption),
    handler: () => activeStaffOptions(db),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/exception/assign',
    permission: ABNORMAL,
    summary: 'Assign an exception',
    body: ExceptionAssignBody,
    data: z.object({ id: z.number().int(), ownerId: z.number().int(), ownerName: z.string() }),
    handler: ({ body, actor, now }) => assignException(db, body, { actor, now }),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/exception/resolve',
    permission: ABNORMAL,
    summary: 'Resolve: back to the status it came from',
    body: ExceptionHandleBody,
    data: PackageActionResult,
    handler: ({ body, actor, now }) => handleException(db, body, 'resolved', { actor, now }),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/exception/return',
    permission: ABNORMAL,
    summary: 'Start a return (→ return_ordered)',
    body: ExceptionHandleBody,
    data: PackageActionResult,
    handler: ({ body, actor, now }) => handleException(db, body, 'returned', { actor, now }),
  });
  // The two ways an exception sends the package's money back to the balance are verified like a status change.
  api(app, {
    method: 'POST',
    url: '/api/warehouse/exception/cancel',
    permission: ABNORMAL,
    summary: 'Cancel with refund (→ canceled; sensitive: modify_package_status)',
    body: ExceptionHandleBody,
    data: PackageActionResult,
    verify: 'modify_package_status',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => handleException(db, body, 'canceled', { actor, now }),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/return/step',
    permission: ABNORMAL,
    summary: 'Return steps: return_check, return_refund (refund; sensitive: modify_package_status), return_done',
    body: ReturnStepBody,
    data: PackageActionResult,
    verify: 'modify_package_status',
    verifyIf: ({ body }) => body.event === 'return_refund',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => returnStep(db, body, { actor, now }),
  });
}
