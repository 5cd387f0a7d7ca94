import type { FastifyInstance } from 'fastify';
import {
  warehousePackagePageListCall,
  warehousePackageDetailCall,
  warehousePackageModifyWeightCall,
  warehousePackageModifyAttrCall,
  warehousePackageModifyAddrCall,
  warehousePackageModifyChannelCall,
  warehousePackageModifyFreightCall,
  warehousePackageModifyStatusCall,
  warehousePackageAutoReceiveCall,
  warehousePackageCancelCall,
} from '@waystation/shared/contract/goodsOut/packages';
import { api } from '../../../core/http';
import { autoReceive, modifyAddr, modifyAttr, modifyChannel, modifyFreight, modifyStatus, modifyWeight } from '../modify';
import { listPackages, packageDetail } from '../queries';
import { staffCancelPackage } from '../cancel';
import { type StationContext, QUERY, PRETRIAL, REMOVAL, PACKING, SORTING, ABNORMAL } from './shared';

/** Package query and detail, and the sensitive modifications of 包裹查询 (SPEC §6). */
export function packageRoutes(app: FastifyInstance, { db, urlsAt }: StationContext): void {
  api(app, warehousePackagePageListCall, {
    permission: QUERY,
    summary: 'Packages: status, number filter, member, channel, dates, marketplace; keyset cursor',
    handler: ({ query }) => listPackages(db, query),
  });
  api(app, warehousePackageDetailCall, {
    permission: [QUERY, PRETRIAL, ABNORMAL, PACKING, REMOVAL, SORTING],
    summary: 'A package with items, weights, freight, trace, exception and allowed actions',
    handler: async ({ query, caller, now }) => packageDetail(db, query, caller, await urlsAt(now)),
  });

  // ---------------------------------------------------------------- sensitive modifications (SPEC §6)
  const target = ({ body }: { body: { id: number } }) => body.id;
  api(app, warehousePackageModifyWeightCall, {
    permission: QUERY,
    summary: 'Correct the weight (modify_package_attr)',
    verify: 'modify_package_attr',
    verifyTarget: target,
    handler: ({ body, actor, now }) => modifyWeight(db, body, { actor, now }),
  });
  api(app, warehousePackageModifyAttrCall, {
    permission: QUERY,
    summary: 'Correct attributes, services, declared value, insurance (modify_package_attr)',
    verify: 'modify_package_attr',
    verifyTarget: target,
    handler: ({ body, actor, now }) => modifyAttr(db, body, { actor, now }),
  });
  api(app, warehousePackageModifyAddrCall, {
    permission: QUERY,
    summary: 'Correct the address (modify_package_addr)',
    verify: 'modify_package_addr',
    verifyTarget: target,
    handler: ({ body, actor, now }) => modifyAddr(db, body, { actor, now }),
  });
  api(app, warehousePackageModifyChannelCall, {
    permission: QUERY,
    summary: 'Move to another channel (modify_package_channel)',
    verify: 'modify_package_channel',
    verifyTarget: target,
    handler: ({ body, actor, now }) => modifyChannel(db, body, { actor, now }),
  });
  api(app, warehousePackageModifyFreightCall, {
    permission: QUERY,
    summary: 'Set the real freight (modify_package_freight)',
    verify: 'modify_package_freight',
    verifyTarget: target,
    handler: ({ body, actor, now }) => modifyFreight(db, body, { actor, now }),
  });
  api(app, warehousePackageModifyStatusCall, {
    permission: QUERY,
    summary: 'Manual status correction along the machine (modify_package_status)',
    verify: 'modify_package_status',
    verifyTarget: target,
    handler: ({ body, actor, now }) => modifyStatus(db, body, { actor, now }),
  });
  api(app, warehousePackageCancelCall, {
    permission: QUERY,
    summary: 'Cancel a pack order not yet paid, with a reason: its items go back to the member (→ canceled)',
    handler: ({ body, actor, now }) => staffCancelPackage(db, body, { actor, now }),
  });
  api(app, warehousePackageAutoReceiveCall, {
    permission: QUERY,
    summary: 'Mark packages shipped more than 30 days ago received',
    handler: ({ actor, now }) => autoReceive(db, { actor, now }),
  });
}
