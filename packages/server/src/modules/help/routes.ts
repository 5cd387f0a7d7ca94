import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  HelpArticle,
  HelpArticleListQuery,
  HelpArticleListResult,
  HelpArticleSaveBody,
  HelpArticleStatusQuery,
  HelpCategoryAddBody,
  HelpCategoryTree,
  HelpCategoryUpdateBody,
  HelpDeleteQuery,
} from '@waystation/shared/contract/help';
import { IdQuery, SaveResult } from '@waystation/shared/contract/reference';
import { api } from '../../core/http';
import * as service from './service';

const HELP = 'help:home';

export function helpRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, {
    method: 'GET',
    url: '/api/help/category',
    permission: HELP,
    summary: 'Help category tree',
    data: HelpCategoryTree,
    handler: () => service.categoryTree(db),
  });
  api(app, {
    method: 'POST',
    url: '/api/help/addCategory',
    permission: HELP,
    summary: 'Add a help category',
    body: HelpCategoryAddBody,
    data: SaveResult,
    handler: ({ body, actor, now }) => service.addCategory(db, actor, body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/help/updateCategory',
    permission: HELP,
    summary: 'Edit or move a help category',
    body: HelpCategoryUpdateBody,
    data: z.null(),
    handler: ({ body, actor, now }) => service.updateCategory(db, actor, body, now).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/help/articlePageList',
    permission: HELP,
    summary: 'List help articles',
    query: HelpArticleListQuery,
    data: HelpArticleListResult,
    handler: ({ query }) => service.listArticles(db, query),
  });
  api(app, {
    method: 'GET',
    url: '/api/help/getArticle',
    permission: HELP,
    summary: 'One help article with its markdown and sanitized HTML',
    query: IdQuery,
    data: HelpArticle,
    handler: ({ query }) => service.getArticle(db, query.id),
  });
  api(app, {
    method: 'POST',
    url: '/api/help/saveArticle',
    permission: HELP,
    summary: 'Create or edit a help article',
    body: HelpArticleSaveBody,
    data: SaveResult,
    handler: ({ body, actor, now }) => service.saveArticle(db, actor, body, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/help/modifyArticleStatus',
    permission: HELP,
    summary: 'Publish or unpublish a help article',
    query: HelpArticleStatusQuery,
    data: z.null(),
    handler: ({ query, actor, now }) => service.modifyArticleStatus(db, actor, query.id, query.status, now).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/help/delete',
    permission: HELP,
    summary: 'Delete a help article, or an empty category (type=category)',
    query: HelpDeleteQuery,
    data: z.null(),
    handler: ({ query, actor, now }) => service.deleteHelp(db, actor, query.id, query.type, now).then(() => null),
  });
}
