import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreateRefundBody,
  Refund,
  RefundDetailQuery,
  RefundListQuery,
  RefundListResult,
  RefundReviewBody,
  ReturnItem,
  ReturnListQuery,
  ReturnListResult,
  ReturnReviewBody,
  ReturnSendBody,
  ReturnSignBody,
} from '@waystation/shared/contract/afterSales';
import { api } from '../../core/http';
import type { ModuleContext } from '../context';
import * as service from './service';
import { returnWaitAge } from './queries';

export function afterSalesRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { db } = app.services;
  ctx.badges.register('return_wait', (d) => service.countReturnsWaiting(d), returnWaitAge);
  api(app, {
    method: 'GET',
    url: '/api/afterSales/refundList',
    permission: 'afterSales:refunded',
    summary: 'Refund requests',
    query: RefundListQuery,
    data: RefundListResult,
    handler: ({ query }) => service.listRefunds(db, query),
  });
  api(app, {
    method: 'GET',
    url: '/api/afterSales/refundDetail',
    permission: 'afterSales:refunded',
    summary: 'One refund request (refundedDetail)',
    query: RefundDetailQuery,
    data: Refund,
    handler: ({ query }) => service.refundDetail(db, query.id),
  });
  api(app, {
    method: 'POST',
    url: '/api/afterSales/createRefund',
    permission: 'afterSales:refunded',
    summary: 'Open a refund awaiting review',
    body: CreateRefundBody,
    data: z.object({ id: z.number().int(), refundNo: z.string() }),
    handler: ({ body, actor, now }) => service.createRefund(db, actor, body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/afterSales/refundReview',
    permission: 'afterSales:refunded',
    summary: 'Approve (pay once) or reject a refund (refund_review)',
    body: RefundReviewBody,
    data: Refund,
    verify: 'refund_review',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => service.reviewRefund(db, actor, body, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/afterSales/returnList',
    permission: 'afterSales:returnReview',
    summary: 'Return requests of purchase lines',
    query: ReturnListQuery,
    data: ReturnListResult,
    handler: ({ query }) => service.listReturns(db, query),
  });
  api(app, {
    method: 'GET',
    url: '/api/afterSales/returnDetail',
    permission: 'afterSales:returnReview',
    summary: 'One return request',
    query: RefundDetailQuery,
    data: ReturnItem,
    handler: ({ query }) => service.returnDetail(db, query.id),
  });
  api(app, {
    method: 'POST',
    url: '/api/afterSales/returnReview',
    permission: 'afterSales:returnReview',
    summary: 'Approve or reject a return (return_review)',
    body: ReturnReviewBody,
    data: ReturnItem,
    verify: 'return_review',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => service.moveReturn(db, actor, body.id, body.result === 'REVIEW_SUCCESS' ? 'pass' : 'fail', body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/afterSales/returnSend',
    permission: 'afterSales:returnReview',
    summary: 'Return shipment sent (wait_send → send)',
    body: ReturnSendBody,
    data: ReturnItem,
    handler: ({ body, actor, now }) => service.moveReturn(db, actor, body.id, 'send', body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/afterSales/returnSign',
    permission: 'afterSales:returnReview',
    summary: 'Seller signed the return (send → sign); opens the refund',
    body: ReturnSignBody,
    data: ReturnItem,
    handler: ({ body, actor, now }) => service.moveReturn(db, actor, body.id, 'sign', {}, now),
  });
}
