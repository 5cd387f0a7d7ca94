import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Download } from '@waystation/shared/contract/call';
import {
  type LEAD_STAGES,
  MONEY_CATEGORIES,
  type REPORT_STATIONS,
  reportLeadTimesExportFile,
  reportMoneyExportFile,
  reportThroughputExportFile,
} from '@waystation/shared/contract/report';
import { LedgerType } from '@waystation/shared/contract/ledger';
import { fileApi } from '../../core/http';
import { type Column, workbook, XLSX_TYPE } from '../../platform/excel';
import { throughput } from './throughput';
import { leadTimes, moneyReport } from './flow';

const STATION_NAMES: Record<(typeof REPORT_STATIONS)[number], string> = {
  inbound: '入库',
  qc: '质检拍照',
  shelving: '上架',
  removal: '下架',
  packing: '打包',
  sorting: '分拣',
};
const STAGE_NAMES: Record<(typeof LEAD_STAGES)[number], string> = {
  purchase: '付款 → 采购',
  arrival: '采购 → 到库',
  shelving: '到库 → 上架',
  pack_order: '上架 → 提交打包',
  shipping: '提交打包 → 发货',
};
const CATEGORY_NAMES: Record<(typeof MONEY_CATEGORIES)[number], string> = {
  topup: '充值',
  goods: '商品货款',
  freight: '运费',
  price_topup: LedgerType.label('price_topup'),
  freight_topup: LedgerType.label('freight_topup'),
  storage_fee: LedgerType.label('storage_fee'),
  payment_fee: LedgerType.label('payment_fee'),
  refund: LedgerType.label('refund'),
  commission: LedgerType.label('commission'),
  withdrawal: LedgerType.label('withdrawal'),
  adjustment: LedgerType.label('adjustment'),
};
const yuan = (minor: number) => minor / 100;

/** Each report's Excel export: the same query as its screen, the rows its table shows (reports are small: per day or week). */
export function reportExportRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  const xlsx = <Q extends z.ZodType, R>(o: {
    download: Download<Q>;
    permission: string;
    summary: string;
    fileName: string;
    sheet: string;
    rows(q: z.output<Q>, now: Date): Promise<R[]>;
    columns: Column<R>[];
  }) =>
    fileApi(app, o.download, {
      permission: o.permission,
      summary: o.summary,
      handler: async ({ query, now }) => {
        const buf = await workbook(o.sheet, o.columns, await o.rows(query, now));
        return { stream: buf, bytes: buf.length, type: XLSX_TYPE, fileName: o.fileName };
      },
    });

  xlsx({
    download: reportThroughputExportFile,
    permission: 'report:throughput',
    summary: 'The throughput report per station and worker as Excel',
    fileName: 'throughput.xlsx',
    sheet: '工位效率',
    rows: async (q, now) => (await throughput(db, q, now)).workers,
    columns: [
      { header: '工位', value: (r) => STATION_NAMES[r.station] },
      { header: '操作员', value: (r) => r.actorName },
      { header: '扫描步数', value: (r) => r.scans },
      { header: '在岗小时', value: (r) => r.activeHours },
      { header: '每工作小时步数', value: (r) => r.perBusyHour },
      { header: '忙碌（小时）', value: (r) => Math.round(r.busySeconds / 36) / 100 },
      { header: '空闲（小时）', value: (r) => Math.round(r.idleSeconds / 36) / 100 },
      { header: '平均间隔（秒）', value: (r) => r.meanGapSeconds },
    ],
  });
  xlsx({
    download: reportLeadTimesExportFile,
    permission: 'report:leadTimes',
    summary: 'The lead-time report per week, stage and group as Excel',
    fileName: 'lead-times.xlsx',
    sheet: '流转时效',
    rows: async (q, now) => (await leadTimes(db, q, now)).list,
    columns: [
      { header: '周（周一）', value: (r) => r.week },
      { header: '环节', width: 18, value: (r) => STAGE_NAMES[r.stage] },
      { header: '平台 / 渠道', value: (r) => (r.group === 'all' ? '全部' : r.group) },
      { header: '件数', value: (r) => r.n },
      { header: '中位数（小时）', value: (r) => r.p50Hours },
      { header: 'P90（小时）', value: (r) => r.p90Hours },
    ],
  });
  xlsx({
    download: reportMoneyExportFile,
    permission: 'report:money',
    summary: 'The money report per day and category as Excel (amounts in major units)',
    fileName: 'money.xlsx',
    sheet: '资金报表',
    rows: async (q, now) => (await moneyReport(db, q, now)).days,
    columns: [
      { header: '日期', value: (r) => r.day },
      { header: '币种', value: (r) => r.currency },
      ...MONEY_CATEGORIES.map((k) => ({ header: CATEGORY_NAMES[k], value: (r: { amounts: Record<string, number> }) => yuan(r.amounts[k]) })),
      { header: '净额', value: (r) => yuan(r.net) },
      { header: '流水笔数', value: (r) => r.entries },
      { header: '其中保价费', value: (r) => yuan(r.serviceFees) },
    ],
  });
}
