import type { FastifyInstance } from 'fastify';
import { backGetTaskNumCall, backGetTaskNumByTypeCall, backQueueAgesCall, backDailyFlowCall } from '@waystation/shared/contract/badge';
import { api } from '../../core/http';
import { forbidden } from '../../core/errors';
import { dailyFlow, maySeeFlow } from './flow';
import type { ModuleContext } from '../context';

export function badgeRoutes(app: FastifyInstance, { badges }: ModuleContext): void {
  const { db } = app.services;
  api(app, backGetTaskNumCall, {
    permission: 'authenticated',
    summary: 'Menu badge counters',
    handler: ({ caller }) => badges.all(db, caller),
  });
  api(app, backGetTaskNumByTypeCall, {
    permission: 'authenticated',
    summary: 'One menu badge counter',
    handler: ({ body, caller }) => badges.one(db, caller, body.taskNumType),
  });
  api(app, backQueueAgesCall, {
    permission: 'authenticated',
    summary: 'Each work queue’s oldest item and its count past the SLA (the dashboard’s timers)',
    handler: async ({ caller, now }) => ({ list: await badges.ages(db, caller, now) }),
  });
  api(app, backDailyFlowCall, {
    permission: 'authenticated',
    summary: 'The dashboard’s 30-day charts: parcels received, items shelved, packages shipped per day (warehouse pages’ users)',
    handler: ({ caller, now }) => {
      if (!maySeeFlow(caller)) throw forbidden('没有仓库页面的权限');
      return dailyFlow(db, now);
    },
  });
}
