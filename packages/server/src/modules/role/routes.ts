import type { FastifyInstance } from 'fastify';
import { roleGetEnableRoutesCall, roleCatalogueCall, rolePageListCall, roleOptionsCall, roleSaveCall, roleDeleteCall } from '@waystation/shared/contract/role';
import { buildMenuTree } from '@waystation/shared/menu';
import { api } from '../../core/http';
import * as service from './service';

export function roleRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, roleGetEnableRoutesCall, {
    permission: 'authenticated',
    summary: "The caller's menu routes",
    handler: async ({ caller }) => service.enableRoutes(caller),
  });
  api(app, roleCatalogueCall, {
    permission: 'system:role',
    summary: 'The route catalogue a role may be granted (by this caller: the pages they hold)',
    handler: async ({ caller }) => buildMenuTree(caller.allRoutes ? 'grantable' : caller.routes),
  });
  api(app, rolePageListCall, {
    permission: 'system:role',
    summary: 'List roles',
    handler: ({ query }) => service.listRoles(db, query),
  });
  api(app, roleOptionsCall, {
    permission: 'system:adminUser',
    summary: 'Roles the caller may grant, for the account editor',
    handler: ({ caller }) => service.roleOptions(db, caller),
  });
  api(app, roleSaveCall, {
    permission: 'system:role',
    summary: 'Create or edit a role',
    handler: ({ body, caller, actor, now }) => service.saveRole(db, caller, actor, body, now),
  });
  api(app, roleDeleteCall, {
    permission: 'system:role',
    summary: 'Delete an unused role',
    handler: async ({ query, caller, actor, now }) => service.deleteRole(db, caller, actor, query.id, now).then(() => null),
  });
}
