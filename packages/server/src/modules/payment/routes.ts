import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  PaymentChannel,
  PaymentChannelListQuery,
  PaymentChannelListResult,
  PaymentChannelSaveBody,
  PaymentPreviewBody,
  PaymentPreviewResult,
  PaymentRule,
  PaymentRuleListQuery,
  PaymentRuleListResult,
  PaymentRuleOptions,
  PaymentRuleSaveBody,
  RuleIdQuery,
} from '@waystation/shared/contract/payment';
import { IdQuery, ModifyConfigStatusQuery, SaveResult } from '@waystation/shared/contract/reference';
import { api } from '../../core/http';
import * as service from './service';

const CHANNELS = 'payment:channelList';
const RULES = 'payment:configRule';

export function paymentRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, {
    method: 'GET',
    url: '/api/payment/channelPageList',
    permission: CHANNELS,
    summary: 'List payment channels',
    query: PaymentChannelListQuery,
    data: PaymentChannelListResult,
    handler: ({ query }) => service.listChannels(db, query),
  });
  api(app, {
    method: 'GET',
    url: '/api/payment/channelDetail',
    permission: CHANNELS,
    summary: 'One payment channel',
    query: IdQuery,
    data: PaymentChannel,
    handler: ({ query }) => service.getChannel(db, query.id),
  });
  api(app, {
    method: 'POST',
    url: '/api/payment/saveChannel',
    permission: CHANNELS,
    summary: 'Create or edit a payment channel',
    body: PaymentChannelSaveBody,
    data: SaveResult,
    handler: ({ body, actor, now }) => service.saveChannel(db, actor, body, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/payment/modifyChannelStatus',
    permission: CHANNELS,
    summary: 'Enable or disable a payment channel',
    query: ModifyConfigStatusQuery,
    data: z.null(),
    handler: ({ query, actor, now }) => service.modifyChannelStatus(db, actor, query.id, query.status, now).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/payment/rulePageList',
    permission: RULES,
    summary: 'List payment rules',
    query: PaymentRuleListQuery,
    data: PaymentRuleListResult,
    handler: ({ query }) => service.listRules(db, query),
  });
  api(app, {
    method: 'GET',
    url: '/api/payment/ruleDetail',
    permission: RULES,
    summary: 'One payment rule',
    query: RuleIdQuery,
    data: PaymentRule,
    handler: ({ query }) => service.getRule(db, query.id),
  });
  api(app, {
    method: 'GET',
    url: '/api/payment/ruleOptions',
    permission: RULES,
    summary: 'Agents, levels and channels for the rule editor (currencies: GET /api/config/enableCurrencyList)',
    data: PaymentRuleOptions,
    handler: () => service.ruleOptions(db),
  });
  api(app, {
    method: 'POST',
    url: '/api/payment/saveRule',
    permission: RULES,
    summary: 'Create or edit a payment rule',
    body: PaymentRuleSaveBody,
    data: SaveResult,
    handler: ({ body, actor, now }) => service.saveRule(db, actor, body, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/payment/modifyRuleStatus',
    permission: RULES,
    summary: 'Enable or disable a payment rule',
    query: ModifyConfigStatusQuery,
    data: z.null(),
    handler: ({ query, actor, now }) => service.modifyRuleStatus(db, actor, query.id, query.status, now).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/payment/deleteRule',
    permission: RULES,
    summary: 'Delete a payment rule',
    query: IdQuery,
    data: z.null(),
    handler: ({ query, actor, now }) => service.deleteRule(db, actor, query.id, now).then(() => null),
  });
  api(app, {
    method: 'POST',
    url: '/api/payment/rulePreview',
    permission: RULES,
    summary: 'Channels a member of a level and agent paying an amount would see',
    body: PaymentPreviewBody,
    data: PaymentPreviewResult,
    handler: ({ body }) => service.previewPayment(db, body),
  });
}
