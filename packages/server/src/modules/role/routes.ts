import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AdminSaveResult } from '@waystation/shared/contract/admin';
import {
  CatalogueResult,
  EnableRoutesResult,
  RoleDeleteQuery,
  RoleListQuery,
  RoleListResult,
  RoleOptionList,
  RoleSaveBody,
} from '@waystation/shared/contract/role';
import { buildMenuTree } from '@waystation/shared/menu';
import { api } from '../../core/http';
import * as service from './service';

export function roleRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, {
    method: 'GET',
    url: '/api/role/getEnableRoutes',
    permission: 'authenticated',
    summary: "The caller's menu routes",
    data: EnableRoutesResult,
    handler: async ({ caller }) => service.enableRoutes(caller),
  });
  api(app, {
    method: 'GET',
    url: '/api/role/catalogue',
    permission: 'system:role',
    summary: 'The route catalogue a role may be granted (by this caller: the pages they hold)',
    data: CatalogueResult,
    handler: async ({ caller }) => buildMenuTree(caller.allRoutes ? 'grantable' : caller.routes),
  });
  api(app, {
    method: 'GET',
    url: '/api/role/pageList',
    permission: 'system:role',
    summary: 'List roles',
    query: RoleListQuery,
    data: RoleListResult,
    handler: ({ query }) => service.listRoles(db, query),
  });
  api(app, {
    method: 'GET',
    url: '/api/role/options',
    permission: 'system:adminUser',
    summary: 'Roles the caller may grant, for the account editor',
    data: RoleOptionList,
    handler: ({ caller }) => service.roleOptions(db, caller),
  });
  api(app, {
    method: 'POST',
    url: '/api/role/save',
    permission: 'system:role',
    summary: 'Create or edit a role',
    body: RoleSaveBody,
    data: AdminSaveResult,
    handler: ({ body, caller, actor, now }) => service.saveRole(db, caller, actor, body, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/role/delete',
    permission: 'system:role',
    summary: 'Delete an unused role',
    query: RoleDeleteQuery,
    data: z.null(),
    handler: async ({ query, caller, actor, now }) => service.deleteRole(db, caller, actor, query.id, now).then(() => null),
  });
}
