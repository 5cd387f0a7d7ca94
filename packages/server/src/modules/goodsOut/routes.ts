import { sql } from 'drizzle-orm';
import { agedRows } from '../badge/service';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AutoReceiveResult,
  DocQuery,
  ExceptionAssignBody,
  ExceptionDetailQuery,
  ExceptionHandleBody,
  ExceptionList,
  ExceptionListQuery,
  ExceptionRaiseBody,
  ExceptionRecord,
  LabelConfirmBody,
  ModifyAddrBody,
  ModifyAttrBody,
  ModifyChannelBody,
  ModifyFreightBody,
  ModifyStatusBody,
  ModifyWeightBody,
  OutBatch,
  OutBatchAddSackBody,
  OutBatchCreateBody,
  OutBatchDetail,
  OutBatchDetailQuery,
  OutBatchList,
  OutBatchListQuery,
  OutBatchShipBody,
  PackageActionResult,
  PackageDetail,
  PackageDetailQuery,
  PackageListQuery,
  PackageListResult,
  PackingItemBody,
  PackingItemResult,
  PackingScanBody,
  PackingScanResult,
  PackingWeighBody,
  PackingWeighResult,
  ParkedList,
  PickList,
  PickListQuery,
  PretrialFailBody,
  PretrialPassBody,
  PretrialQuote,
  RemovalPackage,
  RemovalPackageQuery,
  RemovalScanBody,
  RemovalScanResult,
  ReturnStepBody,
  Sack,
  SackBindBody,
  SackList,
  SackListQuery,
  SackSealBody,
  SortingPutBody,
  SortingPutResult,
  SortingScanBody,
  SortingScanResult,
  StaffOption,
} from '@waystation/shared/contract/goodsOut';
import { STATION_PERMISSIONS } from '@waystation/shared/machines/package';
import { api } from '../../core/http';
import type { ModuleContext } from '../context';
import { signingKey } from '../../platform/signing';
import { type DocKind, docUrl, GOODS_OUT_DOCS, renderManifestPdf, renderManifestXlsx, renderPackageLabel, renderSackLabel } from './documents';
import { type RenderedDoc, signedDocumentRoute } from '../../platform/documents';
import { XLSX_TYPE } from '../../platform/excel';
import { assignException, exceptionDetail, handleException, listExceptions, raiseException, returnStep } from './exceptions';
import { autoReceive, modifyAddr, modifyAttr, modifyChannel, modifyFreight, modifyStatus, modifyWeight } from './modify';
import { pretrialFail, pretrialPass } from './orders';
import { activeStaffOptions, countOpenExceptions, countPackages, listPackages, manifestData, packageDetail, packageLabelData, sackLabelData } from './queries';
import {
  addSackToBatch,
  batchDetail,
  bindSack,
  createBatch,
  type DocUrls,
  listBatches,
  listSacks,
  sealSack,
  shipBatch,
  sortingPut,
  sortingScan,
} from './sorting';
import { confirmLabel, packingCheckItem, packingOpen, packingWeigh, parkedPackages, pickList, removalPackage, removalScan } from './stations';

const QUERY = 'warehouse:packQuery';
const PRETRIAL = 'warehouse:packPretrial';
const REMOVAL = 'warehouse:packagesOutShelves';
const PACKING = 'warehouse:packing';
const SORTING = 'warehouse:sortingOutStorage';
const ABNORMAL = 'warehouse:abnormalPackage';

/** Goods out: package query and detail, pre-review, removal, packing, sorting into sacks, out-of-storage, exceptions. */
export function goodsOutRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { db } = app.services;
  const { storage } = ctx;
  const media = (uri: string) => storage.urlOf(uri);
  // Pre-review within the SLA of the pack order; packing within the SLA of the freight payment; sorting of the label.
  ctx.badges.register('pack_wait_audit', (d) => countPackages(d, 'pack_pretrial'), agedRows('packages', 'created_at', sql`status = 'pack_pretrial'`));
  ctx.badges.register(
    'remove_wait',
    (d) => countPackages(d, 'remove_wait'),
    agedRows('packages', 'coalesce(pay_time, created_at)', sql`status = 'remove_wait'`),
  );
  ctx.badges.register('pack_exception', (d) => countOpenExceptions(d), agedRows('package_exceptions', 'created_at', sql`status = 'open'`));
  ctx.badges.register(
    'sort_wait',
    (d) => countPackages(d, 'wait_ship'),
    agedRows('packages', 'coalesce(label_confirmed_at, updated_at)', sql`status = 'wait_ship'`),
  );

  const urlsAt = async (now: Date) => {
    const key = await signingKey(db);
    const docs: DocUrls & { label: (no: string) => string } = {
      label: (no) => docUrl(key, 'package-label', no, now),
      sackLabel: (code) => docUrl(key, 'sack-label', code, now),
      manifestPdf: (no) => docUrl(key, 'manifest-pdf', no, now),
      manifestXlsx: (no) => docUrl(key, 'manifest-xlsx', no, now),
    };
    return { ...docs, media };
  };

  // ---------------------------------------------------------------- query and detail
  api(app, {
    method: 'GET',
    url: '/api/warehouse/package/pageList',
    permission: QUERY,
    summary: 'Packages: status, number filter, member, channel, dates, marketplace; keyset cursor',
    query: PackageListQuery,
    data: PackageListResult,
    handler: ({ query }) => listPackages(db, query),
  });
  api(app, {
    method: 'GET',
    url: '/api/warehouse/package/detail',
    permission: [QUERY, PRETRIAL, ABNORMAL, PACKING, REMOVAL, SORTING],
    summary: 'A package with items, weights, freight, trace, exception and allowed actions',
    query: PackageDetailQuery,
    data: PackageDetail,
    handler: async ({ query, caller, now }) => packageDetail(db, query, caller, await urlsAt(now)),
  });

  // ---------------------------------------------------------------- sensitive modifications (SPEC §6)
  const target = ({ body }: { body: { id: number } }) => body.id;
  api(app, {
    method: 'POST',
    url: '/api/warehouse/package/modifyWeight',
    permission: QUERY,
    summary: 'Correct the weight (modify_package_attr)',
    body: ModifyWeightBody,
    data: PackageActionResult,
    verify: 'modify_package_attr',
    verifyTarget: target,
    handler: ({ body, actor, now }) => modifyWeight(db, body, { actor, now }),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/package/modifyAttr',
    permission: QUERY,
    summary: 'Correct attributes, services, declared value, insurance (modify_package_attr)',
    body: ModifyAttrBody,
    data: PackageActionResult,
    verify: 'modify_package_attr',
    verifyTarget: target,
    handler: ({ body, actor, now }) => modifyAttr(db, body, { actor, now }),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/package/modifyAddr',
    permission: QUERY,
    summary: 'Correct the address (modify_package_addr)',
    body: ModifyAddrBody,
    data: PackageActionResult,
    verify: 'modify_package_addr',
    verifyTarget: target,
    handler: ({ body, actor, now }) => modifyAddr(db, body, { actor, now }),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/package/modifyChannel',
    permission: QUERY,
    summary: 'Move to another channel (modify_package_channel)',
    body: ModifyChannelBody,
    data: PackageActionResult,
    verify: 'modify_package_channel',
    verifyTarget: target,
    handler: ({ body, actor, now }) => modifyChannel(db, body, { actor, now }),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/package/modifyFreight',
    permission: QUERY,
    summary: 'Set the real freight (modify_package_freight)',
    body: ModifyFreightBody,
    data: PackageActionResult,
    verify: 'modify_package_freight',
    verifyTarget: target,
    handler: ({ body, actor, now }) => modifyFreight(db, body, { actor, now }),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/package/modifyStatus',
    permission: QUERY,
    summary: 'Manual status correction along the machine (modify_package_status)',
    body: ModifyStatusBody,
    data: PackageActionResult,
    verify: 'modify_package_status',
    verifyTarget: target,
    handler: ({ body, actor, now }) => modifyStatus(db, body, { actor, now }),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/package/autoReceive',
    permission: QUERY,
    summary: 'Mark packages shipped more than 30 days ago received',
    data: AutoReceiveResult,
    handler: ({ actor, now }) => autoReceive(db, { actor, now }),
  });

  // ---------------------------------------------------------------- pre-review
  api(app, {
    method: 'GET',
    url: '/api/warehouse/pretrial/pageList',
    permission: PRETRIAL,
    summary: 'Packages awaiting pre-review (or another pre-review status)',
    query: PackageListQuery,
    data: PackageListResult,
    handler: ({ query }) => listPackages(db, { ...query, status: query.status?.startsWith('pack_pretrial') ? query.status : 'pack_pretrial' }),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/pretrial/pass',
    permission: PRETRIAL,
    summary: 'Pass pre-review with the estimated weight: quote (→ pack_pretrial_pass)',
    body: PretrialPassBody,
    data: PretrialQuote,
    handler: ({ body, actor, now }) => pretrialPass(db, body, { actor, now }),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/pretrial/fail',
    permission: PRETRIAL,
    summary: 'Fail pre-review with a reason (→ pack_pretrial_fail)',
    body: PretrialFailBody,
    data: PackageActionResult,
    handler: ({ body, actor, now }) => pretrialFail(db, body, { actor, now }),
  });

  // ---------------------------------------------------------------- removal
  api(app, {
    method: 'GET',
    url: '/api/warehouse/removal/pickList',
    permission: REMOVAL,
    summary: 'Items to take off the shelves, in location order',
    query: PickListQuery,
    data: PickList,
    handler: ({ query }) => pickList(db, query),
  });
  api(app, {
    method: 'GET',
    url: '/api/warehouse/removal/package',
    permission: REMOVAL,
    summary: 'The package a removal scan locks (by its no. or an item), its items in pick order with their locations',
    query: RemovalPackageQuery,
    data: RemovalPackage,
    handler: ({ query }) => removalPackage(db, query.code),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/removal/scan',
    permission: REMOVAL,
    summary: 'An item off its shelf (remove_wait → removing → removed)',
    body: RemovalScanBody,
    data: RemovalScanResult,
    handler: ({ body, actor, now }) => removalScan(db, body, { actor, now }),
  });

  // ---------------------------------------------------------------- packing
  api(app, {
    method: 'POST',
    url: '/api/warehouse/packing/scan',
    permission: PACKING,
    summary: 'Open a package at the packing station (removed → packing): checklist',
    body: PackingScanBody,
    data: PackingScanResult,
    handler: async ({ body, actor, now, caller }) => {
      const r = await packingOpen(db, body.code, { actor, now });
      return { ...(await packageDetail(db, { id: r.id }, caller, await urlsAt(now))), repeated: r.repeated };
    },
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/packing/item',
    permission: PACKING,
    summary: 'Tick an item of the package being packed',
    body: PackingItemBody,
    data: PackingItemResult,
    handler: ({ body, actor, now }) => packingCheckItem(db, body, { actor, now }),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/packing/weigh',
    permission: PACKING,
    summary: 'Weight and size: real freight (→ packed, or patch_wait with a top-up bill)',
    body: PackingWeighBody,
    data: PackingWeighResult,
    handler: async ({ body, actor, now }) => packingWeigh(db, body, { actor, now }, (await urlsAt(now)).label),
  });
  api(app, {
    method: 'GET',
    url: '/api/warehouse/packing/parked',
    permission: PACKING,
    summary: 'Packages set aside for a freight top-up (patch_wait) or paid since (pending_launch), the oldest first',
    data: ParkedList,
    handler: () => parkedPackages(db),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/packing/confirmLabel',
    permission: PACKING,
    summary: 'Scan the printed label (→ wait_ship)',
    body: LabelConfirmBody,
    data: PackageActionResult,
    handler: ({ body, actor, now }) => confirmLabel(db, body, { actor, now }),
  });

  // ---------------------------------------------------------------- sorting, sacks, out-of-storage
  api(app, {
    method: 'POST',
    url: '/api/warehouse/sorting/scan',
    permission: SORTING,
    summary: 'A package at sorting: the sack it belongs in',
    body: SortingScanBody,
    data: SortingScanResult,
    handler: async ({ body, now }) => sortingScan(db, body.packageNo, await urlsAt(now)),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/sorting/put',
    permission: SORTING,
    summary: 'Put a package into the scanned sack (→ sorted)',
    body: SortingPutBody,
    data: SortingPutResult,
    handler: async ({ body, actor, now }) => sortingPut(db, body, { actor, now }, await urlsAt(now)),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/sack/bind',
    permission: SORTING,
    summary: 'Bind a sack identity card to a channel (bindSack)',
    body: SackBindBody,
    data: Sack,
    handler: async ({ body, actor, now }) => bindSack(db, body, { actor, now }, await urlsAt(now)),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/sack/seal',
    permission: SORTING,
    summary: 'Seal a sack (open → sealed)',
    body: SackSealBody,
    data: Sack,
    handler: async ({ body, actor, now }) => sealSack(db, body, { actor, now }, await urlsAt(now)),
  });
  api(app, {
    method: 'GET',
    url: '/api/warehouse/sack/pageList',
    permission: SORTING,
    summary: 'Sacks',
    query: SackListQuery,
    data: SackList,
    handler: async ({ query, now }) => listSacks(db, query, await urlsAt(now)),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/outBatch/create',
    permission: SORTING,
    summary: 'Open an out-of-storage batch',
    body: OutBatchCreateBody,
    data: OutBatch,
    handler: async ({ body, actor, now }) => createBatch(db, body, { actor, now }, await urlsAt(now)),
  });
  api(app, {
    method: 'GET',
    url: '/api/warehouse/outBatch/pageList',
    permission: SORTING,
    summary: 'Out-of-storage batches',
    query: OutBatchListQuery,
    data: OutBatchList,
    handler: async ({ query, now }) => listBatches(db, query, await urlsAt(now)),
  });
  api(app, {
    method: 'GET',
    url: '/api/warehouse/outBatch/detail',
    permission: SORTING,
    summary: 'A batch with its sacks and manifest lines',
    query: OutBatchDetailQuery,
    data: OutBatchDetail,
    handler: async ({ query, now }) => batchDetail(db, { id: query.id }, await urlsAt(now)),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/outBatch/addSack',
    permission: SORTING,
    summary: 'Scan a sealed sack into the batch (packages → prepare_ship)',
    body: OutBatchAddSackBody,
    data: OutBatchDetail,
    handler: async ({ body, actor, now }) => addSackToBatch(db, body, { actor, now }, await urlsAt(now)),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/outBatch/ship',
    permission: SORTING,
    summary: 'Hand-over with carrier tracking numbers (→ shipped)',
    body: OutBatchShipBody,
    data: OutBatchDetail,
    handler: async ({ body, actor, now }) => shipBatch(db, body, { actor, now }, await urlsAt(now)),
  });

  // ---------------------------------------------------------------- exceptions and returns
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

  // ---------------------------------------------------------------- documents: signed, for the print driver
  const doc = (kind: DocKind, render: (id: string) => Promise<RenderedDoc>) => signedDocumentRoute(app, db, GOODS_OUT_DOCS[kind], DocQuery, render);
  doc('package-label', async (no) => ({ body: await renderPackageLabel(await packageLabelData(db, no)), type: 'application/pdf', name: `${no}.pdf` }));
  doc('sack-label', async (code) => ({ body: await renderSackLabel(await sackLabelData(db, code)), type: 'application/pdf', name: `${code}.pdf` }));
  doc('manifest-pdf', async (no) => ({ body: await renderManifestPdf(await manifestData(db, no)), type: 'application/pdf', name: `${no}.pdf` }));
  doc('manifest-xlsx', async (no) => ({ body: await renderManifestXlsx(await manifestData(db, no)), type: XLSX_TYPE, name: `${no}.xlsx` }));
}
