import type { FastifyInstance } from 'fastify';
import {
  reportStorageAgeCall,
  reportThroughputCall,
  reportLeadTimesCall,
  reportMoneyCall,
  reportMoneyReconcileCall,
  reportRefreshCall,
} from '@waystation/shared/contract/report';
import { api } from '../../core/http';
import * as reports from './service';
import { throughput } from './throughput';
import { leadTimes, moneyReconcile, moneyReport } from './flow';
import { reportExportRoutes } from './exports';
import { rollupRecent } from './rollup';

/** 数据报表 (issue 15): each report its own permission; the time-series ones read the daily roll-ups. */
export function reportRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, reportStorageAgeCall, {
    permission: 'report:storage',
    summary: 'Items on the shelf by age bucket (0–30, 31–60, 61–90, 90+ days), in all and per member',
    handler: ({ query, now }) => reports.storageAge(db, query, now),
  });
  api(app, reportThroughputCall, {
    permission: 'report:throughput',
    summary: 'Station steps per hour of the day and per day, per station; per worker steps, busy and idle time',
    handler: ({ query, now }) => throughput(db, query, now),
  });
  api(app, reportLeadTimesCall, {
    permission: 'report:leadTimes',
    summary: 'Weekly median and p90 lead times of each flow stage, in all, per marketplace or per channel',
    handler: ({ query, now }) => leadTimes(db, query, now),
  });
  api(app, reportMoneyCall, {
    permission: 'report:money',
    summary: 'Ledger money per day and category (its net equals the ledger), freight per channel, insurance fees',
    handler: ({ query, now }) => moneyReport(db, query, now),
  });
  api(app, reportMoneyReconcileCall, {
    permission: 'report:money',
    summary: "The ledger's own sums per currency over the range, read live, beside the money report's",
    handler: ({ query, now }) => moneyReconcile(db, query, now),
  });
  api(app, reportRefreshCall, {
    permission: ['report:throughput', 'report:leadTimes', 'report:money', 'report:storage'],
    summary: "Rebuilds the shelf's and today's and yesterday's roll-ups now (the hourly job does it on its own)",
    handler: ({ now }) => rollupRecent(db, now),
  });
  reportExportRoutes(app);
}
