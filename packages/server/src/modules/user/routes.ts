import type { FastifyInstance } from 'fastify';
import { userUserIdToUserCodeCall, userUserCodeToUserIdCall } from '@waystation/shared/contract/user';
import { api } from '../../core/http';
import * as service from './service';

export function userRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, userUserIdToUserCodeCall, {
    permission: 'authenticated',
    summary: 'Member id to user code',
    handler: ({ query }) => service.userIdToUserCode(db, query.userId),
  });
  api(app, userUserCodeToUserIdCall, {
    permission: 'authenticated',
    summary: 'Member user code to id',
    handler: ({ query }) => service.userCodeToUserId(db, query.userCode),
  });
}
