import type { FastifyInstance } from 'fastify';
import { exportCreateCall, exportStatusCall, exportListCall, exportDownloadFile } from '@waystation/shared/contract/export';
import { api, apiRoutesOf, fileApi } from '../../core/http';
import { XLSX_TYPE } from '../../platform/excel';
import type { ModuleContext } from '../context';
import { createExport, exportFile, exportOf, myExports } from './service';

/** 导出: any list's rows to Excel as a job (issue 15); each person sees and downloads only their own exports. */
export function exportRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { db } = app.services;
  const rt = ctx.exports;
  rt.routes = () => apiRoutesOf(app);
  // An export's workbook is served only by /api/export/download, to the person who asked: never by the public file
  // route that images use (its URL would open it for anyone, for ever).
  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.url !== '/api/upload/file/*') return;
    const uri = (req.params as { '*'?: string })['*'] ?? '';
    if (uri.startsWith('exports/')) return reply.status(404).send({ code: 40400, message: '文件不存在', data: null });
  });
  api(app, exportCreateCall, {
    // The list's own permission is checked inside, for the list named.
    permission: 'authenticated',
    summary: "Starts an export of a list's rows (its GET call, filters and columns) to Excel; the job runs at once",
    handler: async ({ body, caller, now }) => {
      const job = await createExport(db, rt, caller, body, now);
      void ctx.jobs.runNow(`export:${job.id}`);
      return job;
    },
  });
  api(app, exportStatusCall, {
    permission: 'authenticated',
    summary: "One of the caller's exports: status and rows written so far",
    handler: ({ query, caller, now }) => exportOf(db, caller, query.id, now),
  });
  api(app, exportListCall, {
    permission: 'authenticated',
    summary: "The caller's last 20 exports",
    handler: ({ caller, now }) => myExports(db, caller, now),
  });
  fileApi(app, exportDownloadFile, {
    permission: 'authenticated',
    summary: "The Excel file of one of the caller's finished exports",
    handler: async ({ query, caller, now }) => {
      const file = await exportFile(db, rt, caller, query.id, now);
      return { stream: file.data, bytes: file.data.length, type: XLSX_TYPE, fileName: `export-${query.id}.xlsx` };
    },
  });
}
