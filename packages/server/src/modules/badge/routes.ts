import type { FastifyInstance } from 'fastify';
import { QueueAges, TaskNumByTypeBody, TaskNumByTypeResult, TaskNumResult } from '@waystation/shared/contract/badge';
import { api } from '../../core/http';
import type { ModuleContext } from '..';

export function badgeRoutes(app: FastifyInstance, { badges }: ModuleContext): void {
  const { db } = app.services;
  api(app, {
    method: 'GET',
    url: '/api/back/getTaskNum',
    permission: 'authenticated',
    summary: 'Menu badge counters',
    data: TaskNumResult,
    handler: ({ caller }) => badges.all(db, caller),
  });
  api(app, {
    method: 'POST',
    url: '/api/back/getTaskNumByType',
    permission: 'authenticated',
    summary: 'One menu badge counter',
    body: TaskNumByTypeBody,
    data: TaskNumByTypeResult,
    handler: ({ body, caller }) => badges.one(db, caller, body.taskNumType),
  });
  api(app, {
    method: 'GET',
    url: '/api/back/queueAges',
    permission: 'authenticated',
    summary: 'Each work queue’s oldest item and its count past the SLA (the dashboard’s timers)',
    data: QueueAges,
    handler: async ({ caller, now }) => ({ list: await badges.ages(db, caller, now) }),
  });
}
