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
import { paymentCreditMissingCall, paymentReconcileCall, paymentReconcileExportFile, ReconcileResultKind } from '@waystation/shared/contract/paymentReconcile';
import { type PaymentRefundStatus, paymentRefundListCall, paymentRefundPaymentCall } from '@waystation/shared/contract/paymentRefunds';
import { api, fileApi } from '../../core/http';
import { sheetOf, workbookOf, XLSX_TYPE } from '../../platform/excel';
import { creditMissing, reconcile } from './reconcile';
import { listPaymentRefunds, refundPayment } from './providerRefunds';
import * as service from './service';

const CHANNELS = 'payment:channelList';
const RULES = 'payment:configRule';
const RECONCILE = 'payment:reconcile';
const RESULT_NAMES: Record<ReconcileResultKind, string> = {
  matched: '一致',
  missing_in_ledger: '账本缺少',
  missing_at_provider: '服务商无此笔',
  amount_differs: '金额不符',
};
const REFUND_STATUS_NAMES: Record<PaymentRefundStatus, string> = { sending: '提交中', pending: '处理中', succeeded: '已退款', failed: '失败（已退回余额）' };

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
  api(app, paymentReconcileCall, {
    permission: RECONCILE,
    summary: "A business day's gateway payments (read from each provider now) against the ledger's credits, per channel",
    handler: ({ query, now }) => reconcile(db, app.services.secrets, query, now),
  });
  api(app, paymentCreditMissingCall, {
    permission: RECONCILE,
    summary: '补记入账 of a 账本缺少 row: the provider is asked again; a pending top-up it received is credited once (modify_user_amount)',
    verify: 'modify_user_amount',
    verifyTarget: ({ body }) => body.intentNo,
    handler: ({ body, actor, now }) => creditMissing(db, app.services.secrets, actor, body.intentNo, now),
  });
  api(app, paymentRefundPaymentCall, {
    permission: RECONCILE,
    summary: "Refund a paid gateway top-up to where its money came from (the provider's refund; refund_review): the balance is debited now",
    verify: 'refund_review',
    verifyTarget: ({ body }) => body.intentNo,
    handler: ({ body, actor, now }) => refundPayment(db, app.services.secrets, actor, body, now),
  });
  api(app, paymentRefundListCall, {
    permission: RECONCILE,
    summary: "A top-up's refunds through its provider, and what is left to refund",
    handler: ({ query }) => listPaymentRefunds(db, query.intentNo),
  });
  fileApi(app, paymentReconcileExportFile, {
    permission: RECONCILE,
    summary: 'The reconciliation of a day as Excel: the rows the screen lists (amounts in major units)',
    handler: async ({ query, now }) => {
      const result = await reconcile(db, app.services.secrets, query, now);
      const major = (minor: number | null) => (minor === null ? '' : minor / 100);
      const buf = await workbookOf([
        sheetOf(
          '支付对账',
          [
            { header: '日期', value: () => result.date },
            { header: '支付渠道', width: 20, value: (r) => r.channelName },
            { header: '服务商单号', width: 28, value: (r) => r.paymentId },
            { header: '充值单号', width: 16, value: (r) => r.intentNo },
            { header: '币种', value: (r) => r.currency },
            { header: '服务商金额', value: (r) => major(r.providerAmount) },
            { header: '账本金额', value: (r) => major(r.ledgerAmount) },
            { header: '结果', value: (r) => RESULT_NAMES[r.result] },
          ],
          result.rows,
        ),
        sheetOf(
          '退款',
          [
            { header: '日期', value: () => result.date },
            { header: '支付渠道', width: 20, value: (r) => r.channelName },
            { header: '退款单号', width: 16, value: (r) => r.refundNo },
            { header: '充值单号', width: 16, value: (r) => r.intentNo },
            { header: '服务商退款号', width: 28, value: (r) => r.providerRef },
            { header: '币种', value: (r) => r.currency },
            { header: '退款金额', value: (r) => major(r.amount) },
            { header: '状态', value: (r) => REFUND_STATUS_NAMES[r.status] },
            { header: '账本扣回', value: (r) => major(r.ledgerAmount) },
            { header: '结果', value: (r) => RESULT_NAMES[r.result] },
          ],
          result.refunds,
        ),
      ]);
      return { stream: buf, bytes: buf.length, type: XLSX_TYPE, fileName: `reconcile-${query.date}.xlsx` };
    },
  });
}
