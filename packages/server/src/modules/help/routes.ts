import type { FastifyInstance } from 'fastify';
import {
  helpCategoryCall,
  helpAddCategoryCall,
  helpUpdateCategoryCall,
  helpArticlePageListCall,
  helpGetArticleCall,
  helpSaveArticleCall,
  helpModifyArticleStatusCall,
  helpDeleteCall,
} from '@waystation/shared/contract/help';
import { api } from '../../core/http';
import * as service from './service';

const HELP = 'help:home';

export function helpRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, helpCategoryCall, {
    permission: HELP,
    summary: 'Help category tree',
    handler: () => service.categoryTree(db),
  });
  api(app, helpAddCategoryCall, {
    permission: HELP,
    summary: 'Add a help category',
    handler: ({ body, actor, now }) => service.addCategory(db, actor, body, now),
  });
  api(app, helpUpdateCategoryCall, {
    permission: HELP,
    summary: 'Edit or move a help category',
    handler: ({ body, actor, now }) => service.updateCategory(db, actor, body, now).then(() => null),
  });
  api(app, helpArticlePageListCall, {
    permission: HELP,
    summary: 'List help articles',
    handler: ({ query }) => service.listArticles(db, query),
  });
  api(app, helpGetArticleCall, {
    permission: HELP,
    summary: 'One help article with its markdown and sanitized HTML',
    handler: ({ query }) => service.getArticle(db, query.id),
  });
  api(app, helpSaveArticleCall, {
    permission: HELP,
    summary: 'Create or edit a help article',
    handler: ({ body, actor, now }) => service.saveArticle(db, actor, body, now),
  });
  api(app, helpModifyArticleStatusCall, {
    permission: HELP,
    summary: 'Publish or unpublish a help article',
    handler: ({ query, actor, now }) => service.modifyArticleStatus(db, actor, query.id, query.status, now).then(() => null),
  });
  api(app, helpDeleteCall, {
    permission: HELP,
    summary: 'Delete a help article, or an empty category (type=category)',
    handler: ({ query, actor, now }) => service.deleteHelp(db, actor, query.id, query.type, now).then(() => null),
  });
}
