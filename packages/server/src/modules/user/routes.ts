import type { FastifyInstance } from 'fastify';
import { UserCodeToIdQuery, UserCodeToIdResult, UserIdToCodeQuery, UserIdToCodeResult } from '@waystation/shared/contract/user';
import { api } from '../../core/http';
import * as service from './service';

export function userRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, {
    method: 'GET',
    url: '/api/user/userIdToUserCode',
    permission: 'authenticated',
    summary: 'Member id to user code',
    query: UserIdToCodeQuery,
    data: UserIdToCodeResult,
    handler: ({ query }) => service.userIdToUserCode(db, query.userId),
  });
  api(app, {
    method: 'GET',
    url: '/api/user/userCodeToUserId',
    permission: 'authenticated',
    summary: 'Member user code to id',
    query: UserCodeToIdQuery,
    data: UserCodeToIdResult,
    handler: ({ query }) => service.userCodeToUserId(db, query.userCode),
  });
}
