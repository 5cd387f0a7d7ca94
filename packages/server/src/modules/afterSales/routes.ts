import type { FastifyInstance } from 'fastify';
import {
  afterSalesRefundListCall,
  afterSalesRefundDetailCall,
  afterSalesCreateRefundCall,
  afterSalesRefundReviewCall,
  afterSalesReturnListCall,
  afterSalesReturnDetailCall,
  afterSalesReturnReviewCall,
  afterSalesReturnSendCall,
  afterSalesReturnSignCall,
} from '@waystation/shared/contract/afterSales';
import { api } from '../../core/http';
import type { ModuleContext } from '../context';
import * as refunds from './refunds';
import * as returns from './returns';
import { returnWaitAge } from './queries';

export function afterSalesRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { db } = app.services;
  ctx.badges.register('return_wait', (d) => returns.countReturnsWaiting(d), returnWaitAge);
  api(app, afterSalesRefundListCall, {
    permission: 'afterSales:refunded',
    summary: 'Refund requests',
    handler: ({ query }) => refunds.listRefunds(db, query),
  });
  api(app, afterSalesRefundDetailCall, {
    permission: 'afterSales:refunded',
    summary: 'One refund request (refundedDetail)',
    handler: ({ query }) => refunds.refundDetail(db, query.id),
  });
  api(app, afterSalesCreateRefundCall, {
    permission: 'afterSales:refunded',
    summary: 'Open a refund awaiting review',
    handler: ({ body, actor, now }) => refunds.createRefund(db, actor, body, now),
  });
  api(app, afterSalesRefundReviewCall, {
    permission: 'afterSales:refunded',
    summary: 'Approve (pay once) or reject a refund (refund_review)',
    verify: 'refund_review',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => refunds.reviewRefund(db, actor, body, now, app.services.secrets),
  });
  api(app, afterSalesReturnListCall, {
    permission: 'afterSales:returnReview',
    summary: 'Return requests of purchase lines',
    handler: ({ query }) => returns.listReturns(db, query),
  });
  api(app, afterSalesReturnDetailCall, {
    permission: 'afterSales:returnReview',
    summary: 'One return request',
    handler: ({ query }) => returns.returnDetail(db, query.id),
  });
  api(app, afterSalesReturnReviewCall, {
    permission: 'afterSales:returnReview',
    summary: 'Approve or reject a return (return_review)',
    verify: 'return_review',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => returns.moveReturn(db, actor, body.id, body.result === 'REVIEW_SUCCESS' ? 'pass' : 'fail', body, now),
  });
  api(app, afterSalesReturnSendCall, {
    permission: 'afterSales:returnReview',
    summary: 'Return shipment sent (wait_send → send)',
    handler: ({ body, actor, now }) => returns.moveReturn(db, actor, body.id, 'send', body, now),
  });
  api(app, afterSalesReturnSignCall, {
    permission: 'afterSales:returnReview',
    summary: 'Seller signed the return (send → sign); opens the refund',
    handler: ({ body, actor, now }) => returns.moveReturn(db, actor, body.id, 'sign', {}, now),
  });
}
