import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  LabelPdfQuery,
  WORK_STATIONS,
  warehouseWorkCalls,
  type WorkStation,
  warehouseWorkSummaryCall,
  warehouseInboundLookupCall,
  warehouseInboundReceiveCall,
  warehouseUnclaimedCreateCall,
  warehouseUnclaimedPageListCall,
  warehouseUnclaimedAssignCall,
  warehouseQcScanCall,
  warehouseQcPhotoCall,
  warehouseQcProblemCall,
  warehouseShelvingScanCall,
  warehouseShelveCall,
  warehouseMoveCall,
  warehouseCountLocationCall,
  warehouseCountFinishCall,
  warehouseShelfLocationPageListCall,
  warehouseShelfLocationBatchAddCall,
  warehouseShelfLocationModifyStatusCall,
  warehouseItemLabelCall,
  configCreateBaiduAccessTokenCall,
  warehousePrintAgentDownloadFile,
} from '@waystation/shared/contract/warehouse';
import { api, fileApi } from '../../core/http';
import { forbidden } from '../../core/errors';
import type { ModuleContext } from '../context';
import { assignUnclaimed, createUnclaimed, inboundLookup, inboundReceive, listUnclaimed, type StationOp } from './inbound';
import { labelPdf, labelUrlFor } from './labels';
import { ITEM_LABEL_DOC, itemUrls } from '../purchase/queries';
import { signedDocumentRoute } from '../../platform/documents';
import { batchAddShelves, listShelves, setShelfActive } from './shelves';
import { countLocation, finishCount } from './counts';
import { isYes } from '../../core/status';
import { moveItem, qcPhoto, qcProblem, scanItem, shelve } from './stations';
import { stationWork, stationWorkSummary } from './work';
import { SERVER_DIR } from '../../paths';

const PRINT_AGENT_FILE = path.join(SERVER_DIR, 'src/modules/warehouse/print-agent.mjs');
const LABEL_KEYS = ['warehouse:inboundScan', 'warehouse:qcPhoto', 'warehouse:shelving', 'warehouse:orderQuery'];
/** The permission that opens each station with a work list. */
const STATION_KEY: Record<WorkStation, string> = {
  inbound: 'warehouse:inboundScan',
  qc: 'warehouse:qcPhoto',
  shelving: 'warehouse:shelving',
  packing: 'warehouse:packing',
  sorting: 'warehouse:sortingOutStorage',
};

/** Goods-in stations: inbound scan, unclaimed parcels, QC photos, shelving, shelf locations, item labels. */
export function warehouseRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { db } = app.services;
  const { storage } = ctx;
  const op = async (c: { actor: StationOp['actor']; now: Date }): Promise<StationOp> => ({
    actor: c.actor,
    now: c.now,
    urls: await itemUrls(db, storage, c.now),
  });

  for (const station of WORK_STATIONS) {
    api(app, warehouseWorkCalls[station], {
      permission: STATION_KEY[station],
      summary: `Work waiting at the ${station} station (oldest first) and the caller's steps there today`,
      handler: ({ query, caller, now }) => stationWork(db, station, caller.id, now, query.limit),
    });
  }
  api(app, warehouseWorkSummaryCall, {
    permission: Object.values(STATION_KEY),
    summary: 'Waiting counts of the stations the caller works at (dashboard)',
    handler: ({ caller, now }) =>
      stationWorkSummary(
        db,
        WORK_STATIONS.filter((s) => caller.permissions.has(STATION_KEY[s])),
        caller.id,
        now,
      ),
  });

  api(app, warehouseInboundLookupCall, {
    permission: 'warehouse:inboundScan',
    summary: 'Purchase lines a scanned domestic parcel carries',
    handler: async ({ body, now }) => inboundLookup(db, body.trackingNo, await itemUrls(db, storage, now)),
  });
  api(app, warehouseInboundReceiveCall, {
    permission: 'warehouse:inboundScan',
    summary: 'Receive the ticked lines with weight and size (→ stocking_input)',
    handler: async (c) => inboundReceive(db, c.body, await op(c)),
  });
  api(app, warehouseUnclaimedCreateCall, {
    permission: 'warehouse:inboundScan',
    summary: 'Record a parcel that matched no purchase line',
    handler: async (c) => createUnclaimed(db, c.body, await op(c)),
  });
  api(app, warehouseUnclaimedPageListCall, {
    permission: 'warehouse:inboundScan',
    summary: 'Unclaimed parcels',
    handler: ({ query }) => listUnclaimed(db, query),
  });
  api(app, warehouseUnclaimedAssignCall, {
    permission: 'warehouse:inboundScan',
    summary: 'Assign an unclaimed parcel to a purchased line',
    handler: async (c) => assignUnclaimed(db, c.body, await op(c)),
  });

  api(app, warehouseQcScanCall, {
    permission: 'warehouse:qcPhoto',
    summary: 'An item by its label code (QC station)',
    handler: async (c) => scanItem(db, c.body.code, await op(c), false, c.caller.permissions),
  });
  api(app, warehouseQcPhotoCall, {
    permission: 'warehouse:qcPhoto',
    summary: 'QC photos/videos of a received item (→ stocking_photo)',
    handler: async (c) => qcPhoto(db, c.body, await op(c)),
  });
  api(app, warehouseQcProblemCall, {
    permission: 'warehouse:qcPhoto',
    summary: 'A QC problem: the line goes on hold for the member to decide',
    handler: async (c) => qcProblem(db, c.body, await op(c)),
  });
  api(app, warehouseShelvingScanCall, {
    permission: 'warehouse:shelving',
    summary: 'An item by its label code, with a location suggestion',
    handler: async (c) => scanItem(db, c.body.code, await op(c), true, c.caller.permissions),
  });
  api(app, warehouseShelveCall, {
    permission: 'warehouse:shelving',
    summary: 'Shelve an item on a scanned location (→ shelved)',
    handler: async (c) => shelve(db, c.body, await op(c)),
  });
  api(app, warehouseMoveCall, {
    permission: 'warehouse:shelving',
    summary: 'Move a shelved item to another scanned location (stays shelved; the move is in its trace)',
    handler: async (c) => moveItem(db, c.body, await op(c)),
  });
  api(app, warehouseCountLocationCall, {
    permission: 'warehouse:shelfCount',
    summary: 'A shelf location and the items the records put on it (the count station)',
    handler: ({ body }) => countLocation(db, body.locationCode),
  });
  api(app, warehouseCountFinishCall, {
    permission: 'warehouse:shelfCount',
    summary: 'Closes a location count: missing items taken off it (or an exception on their package), extra ones recorded on it',
    handler: async (c) => finishCount(db, c.body, await op(c)),
  });

  api(app, warehouseShelfLocationPageListCall, {
    permission: 'warehouse:shelfLocation',
    summary: 'Shelf locations',
    handler: ({ query }) => listShelves(db, query),
  });
  api(app, warehouseShelfLocationBatchAddCall, {
    permission: 'warehouse:shelfLocation',
    summary: 'Create zone × rows × levels × slots locations',
    handler: ({ body, actor, now }) => batchAddShelves(db, body, actor, now),
  });
  api(app, warehouseShelfLocationModifyStatusCall, {
    permission: 'warehouse:shelfLocation',
    summary: 'Switch a location on (1) or off (0)',
    handler: ({ query, actor, now }) => setShelfActive(db, query.id, isYes(query.status), actor, now).then(() => null),
  });

  api(app, warehouseItemLabelCall, {
    permission: 'authenticated',
    summary: 'Signed URL of an item label PDF (for the print driver or the browser)',
    handler: async ({ query, caller, now }) => {
      if (!LABEL_KEYS.some((k) => caller.permissions.has(k))) throw forbidden();
      return labelUrlFor(db, query.itemCode, now);
    },
  });
  // Public but signed: the local print driver fetches the PDF by URL without a token.
  signedDocumentRoute(app, db, ITEM_LABEL_DOC, LabelPdfQuery, async (code) => ({
    body: await labelPdf(db, code),
    type: 'application/pdf',
    name: `${code}.pdf`,
  }));

  api(app, configCreateBaiduAccessTokenCall, {
    permission: 'authenticated',
    summary: 'Speech provider token (SPEC §7); null when no provider is configured',
    handler: async () => ({ accessToken: ctx.config.tts.accessToken, ttsUrl: ctx.config.tts.url, expiresIn: 30 * 24 * 3600 }),
  });

  // The print driver itself, for the 客户端未连接 alert's download link: one file, run with `node print-agent.mjs`.
  fileApi(app, warehousePrintAgentDownloadFile, {
    permission: 'public',
    summary: 'The print driver script (node print-agent.mjs), for the 客户端未连接 alert',
    handler: async () => {
      const file = await fs.readFile(PRINT_AGENT_FILE);
      return { stream: file, bytes: file.length, type: 'text/javascript; charset=utf-8', fileName: 'print-agent.mjs' };
    },
  });
}
