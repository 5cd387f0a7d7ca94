import type { FastifyInstance } from 'fastify';
import {
  AgreementAcceptBody,
  AgreementsQuery,
  AppVersionCheck,
  AppVersionQuery,
  CurrentAgreements,
  FaqQuery,
  HelpArticleOut,
  MessageList,
  MessageListQuery,
  MessageReadBody,
  MessageReadResult,
  HelpTree,
  OpenIdQuery,
  PendingAgreements,
  TerminalFaq,
  TerminalTips,
  TipsQuery,
} from '@waystation/shared/contract/openContent';
import { openApi } from './http';
import * as content from '../config/terminalContent';
import { previewFor } from '../marketing/resources';
import { memberMessages, readMessages } from '../notification/siteMessages';
import { PreviewResult } from '@waystation/shared/contract/marketing/resources';

/** What the terminals read of staff-edited content, and the member's agreements (config/terminalContent.ts, marketing's resource slots). */
export function terminalContentRoutes(app: FastifyInstance): void {
  const { db } = app.services;

  // ---------------------------------------------------------------- content for the terminals
  openApi(app, {
    method: 'GET',
    path: '/content/tips',
    auth: 'public',
    summary: 'The terminal’s enabled tips texts (appId 1 member, 2 agent), in the given language when translated',
    query: TipsQuery,
    data: TerminalTips,
    cacheSeconds: 60,
    handler: ({ query }) => content.terminalTips(db, Number(query.appId), query.lang),
  });
  openApi(app, {
    method: 'GET',
    path: '/content/faq',
    auth: 'public',
    summary: 'The FAQ: enabled entries in order (optionally of one category), in the given language when translated',
    query: FaqQuery,
    data: TerminalFaq,
    cacheSeconds: 60,
    handler: ({ query }) => content.terminalFaq(db, query.lang, query.category),
  });
  openApi(app, {
    method: 'GET',
    path: '/content/help',
    auth: 'public',
    summary: 'Help centre: enabled categories with their published articles',
    data: HelpTree,
    cacheSeconds: 60,
    handler: () => content.helpTree(db),
  });
  openApi(app, {
    method: 'GET',
    path: '/content/help/article',
    auth: 'public',
    summary: 'One published help article (sanitized HTML)',
    query: OpenIdQuery,
    data: HelpArticleOut,
    cacheSeconds: 60,
    handler: ({ query }) => content.helpArticle(db, query.id),
  });
  openApi(app, {
    method: 'GET',
    path: '/content/agreements',
    auth: 'public',
    summary: 'The terminal’s agreements at their current version',
    query: AgreementsQuery,
    data: CurrentAgreements,
    cacheSeconds: 60,
    handler: ({ query }) => content.currentAgreements(db, Number(query.appId)),
  });
  openApi(app, {
    method: 'GET',
    path: '/messages',
    auth: 'member',
    summary: 'The site messages (站内信) sent to the member, newest first',
    query: MessageListQuery,
    data: MessageList,
    handler: ({ member, query }) => memberMessages(db, member.userCode, query),
  });
  openApi(app, {
    method: 'POST',
    path: '/messages/read',
    auth: 'member',
    summary: 'Marks site messages read: these ids of the member’s, or all; answers how many were marked and how many are left unread',
    body: MessageReadBody,
    data: MessageReadResult,
    handler: ({ member, body, now }) => readMessages(db, member.userCode, body, now),
  });
  openApi(app, {
    method: 'GET',
    path: '/content/appVersion',
    auth: 'public',
    summary: 'The newest release of a platform; whether the caller’s version may or must update',
    query: AppVersionQuery,
    data: AppVersionCheck,
    cacheSeconds: 60,
    handler: ({ query }) => content.appVersionCheck(db, query.platform, query.current),
  });
  openApi(app, {
    method: 'GET',
    path: '/content/resources',
    auth: 'member',
    summary: 'The resource slots (banners, pop-ups …) as this member sees them now: each slot’s live tasks for their audience',
    data: PreviewResult,
    handler: ({ member, now }) => previewFor(db, member.userCode, now),
  });
  openApi(app, {
    method: 'GET',
    path: '/agreements/pending',
    auth: 'member',
    summary: 'Current agreement versions the member has not accepted yet',
    data: PendingAgreements,
    handler: ({ member }) => content.pendingAgreements(db, member.id),
  });
  openApi(app, {
    method: 'POST',
    path: '/agreements/accept',
    auth: 'member',
    summary: 'The member accepts the current version of an agreement',
    body: AgreementAcceptBody,
    data: PendingAgreements,
    handler: ({ member, body, now }) => content.acceptAgreement(db, member.id, body.code, body.version, now),
  });
}
