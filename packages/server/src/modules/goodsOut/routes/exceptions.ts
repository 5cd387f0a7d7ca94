import type { FastifyInstance } from 'fastify';
import {
  warehouseExceptionRaiseCall,
  warehouseExceptionPageListCall,
  warehouseExceptionDetailCall,
  warehouseExceptionStaffCall,
  warehouseExceptionAssignCall,
  warehouseExceptionResolveCall,
  warehouseExceptionReturnCall,
  warehouseExceptionCancelCall,
  warehouseReturnStepCall,
} from '@waystation/shared/contract/goodsOut/exceptions';
import { STATION_PERMISSIONS } from '@waystation/shared/machines/package';
import { api } from '../../../core/http';
import { assignException, exceptionDetail, handleException, listExceptions, raiseException, returnStep } from '../exceptions';
import { activeStaffOptions } from '../queries';
import { sendCancels } from '../carriers/booking';
import { type StationContext, ABNORMAL } from './shared';

/** Exceptions (any station raises one; 异常包裹 handles it) and package returns. */
export function exceptionRoutes(app: FastifyInstance, { db, media }: StationContext): void {
  api(app, warehouseExceptionRaiseCall, {
    permission: STATION_PERMISSIONS,
    summary: 'Any station: raise an exception on a package (→ exception)',
    handler: async ({ body, actor, now }) => {
      const raised = await raiseException(db, body, { actor, now });
      // Its shipment booked with a carrier, if any, is canceled there now (a failure is kept for the carrier job).
      await sendCancels(db, app.services.secrets, { actor, now }, raised.id);
      return raised;
    },
  });
  api(app, warehouseExceptionPageListCall, {
    permission: ABNORMAL,
    summary: 'Exceptions',
    handler: ({ query }) => listExceptions(db, query, media),
  });
  api(app, warehouseExceptionDetailCall, {
    permission: ABNORMAL,
    summary: 'One exception',
    handler: ({ query }) => exceptionDetail(db, query.id, media),
  });
  api(app, warehouseExceptionStaffCall, {
    permission: ABNORMAL,
    summary: 'Active staff to assign exceptions to',
    handler: () => activeStaffOptions(db),
  });
  api(app, warehouseExceptionAssignCall, {
    permission: ABNORMAL,
    summary: 'Assign an exception',
    handler: ({ body, actor, now }) => assignException(db, body, { actor, now }),
  });
  api(app, warehouseExceptionResolveCall, {
    permission: ABNORMAL,
    summary: 'Resolve: back to the status it came from',
    handler: ({ body, actor, now }) => handleException(db, body, 'resolved', { actor, now }),
  });
  api(app, warehouseExceptionReturnCall, {
    permission: ABNORMAL,
    summary: 'Start a return (→ return_ordered)',
    handler: ({ body, actor, now }) => handleException(db, body, 'returned', { actor, now }),
  });
  // The two ways an exception sends the package's money back to the balance are verified like a status change.
  api(app, warehouseExceptionCancelCall, {
    permission: ABNORMAL,
    summary: 'Cancel with refund (→ canceled; sensitive: modify_package_status)',
    verify: 'modify_package_status',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => handleException(db, body, 'canceled', { actor, now }),
  });
  api(app, warehouseReturnStepCall, {
    permission: ABNORMAL,
    summary: 'Return steps: return_check, return_refund (refund; sensitive: modify_package_status), return_done',
    verify: 'modify_package_status',
    verifyIf: ({ body }) => body.event === 'return_refund',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => returnStep(db, body, { actor, now }),
  });
}
