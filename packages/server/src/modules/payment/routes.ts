import type { FastifyInstance } from 'fastify';
import {
  paymentChannelPageListCall,
  paymentChannelDetailCall,
  paymentSaveChannelCall,
  paymentModifyChannelStatusCall,
  paymentRulePageListCall,
  paymentRuleDetailCall,
  paymentRuleOptionsCall,
  paymentSaveRuleCall,
  paymentModifyRuleStatusCall,
  paymentDeleteRuleCall,
  paymentRulePreviewCall,
} from '@waystation/shared/contract/payment';
import { api } from '../../core/http';
import * as service from './service';

const CHANNELS = 'payment:channelList';
const RULES = 'payment:configRule';

export function paymentRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, paymentChannelPageListCall, {
    permission: CHANNELS,
    summary: 'List payment channels',
    handler: ({ query }) => service.listChannels(db, query),
  });
  api(app, paymentChannelDetailCall, {
    permission: CHANNELS,
    summary: 'One payment channel',
    handler: ({ query }) => service.getChannel(db, query.id),
  });
  api(app, paymentSaveChannelCall, {
    permission: CHANNELS,
    summary: 'Create or edit a payment channel',
    handler: ({ body, actor, now }) => service.saveChannel(db, app.services.secrets, actor, body, now),
  });
  api(app, paymentModifyChannelStatusCall, {
    permission: CHANNELS,
    summary: 'Enable or disable a payment channel',
    handler: ({ query, actor, now }) => service.modifyChannelStatus(db, actor, query.id, query.status, now).then(() => null),
  });
  api(app, paymentRulePageListCall, {
    permission: RULES,
    summary: 'List payment rules',
    handler: ({ query }) => service.listRules(db, query),
  });
  api(app, paymentRuleDetailCall, {
    permission: RULES,
    summary: 'One payment rule',
    handler: ({ query }) => service.getRule(db, query.id),
  });
  api(app, paymentRuleOptionsCall, {
    permission: RULES,
    summary: 'Agents, levels and channels for the rule editor (currencies: GET /api/config/enableCurrencyList)',
    handler: () => service.ruleOptions(db),
  });
  api(app, paymentSaveRuleCall, {
    permission: RULES,
    summary: 'Create or edit a payment rule',
    handler: ({ body, actor, now }) => service.saveRule(db, actor, body, now),
  });
  api(app, paymentModifyRuleStatusCall, {
    permission: RULES,
    summary: 'Enable or disable a payment rule',
    handler: ({ query, actor, now }) => service.modifyRuleStatus(db, actor, query.id, query.status, now).then(() => null),
  });
  api(app, paymentDeleteRuleCall, {
    permission: RULES,
    summary: 'Delete a payment rule',
    handler: ({ query, actor, now }) => service.deleteRule(db, actor, query.id, now).then(() => null),
  });
  api(app, paymentRulePreviewCall, {
    permission: RULES,
    summary: 'Channels a member of a level and agent paying an amount would see',
    handler: ({ body }) => service.previewPayment(db, body),
  });
}
