import type { FastifyInstance } from 'fastify';
import { StorageAgeQuery, StorageAgeResult } from '@waystation/shared/contract/report';
import { api } from '../../core/http';
import * as reports from './service';

/** 数据报表 (issue 15): each report its own permission. */
export function reportRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, {
    method: 'GET',
    url: '/api/report/storageAge',
    permission: 'report:storage',
    summary: 'Items on the shelf by age bucket (0–30, 31–60, 61–90, 90+ days), in all and per member',
    query: StorageAgeQuery,
    data: StorageAgeResult,
    handler: ({ query, now }) => reports.storageAge(db, query, now),
  });
}
