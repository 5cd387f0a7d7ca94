import { z } from 'zod';
import { LoginSource } from '../../vocab/account';
import { numberWith, RuleMessage } from '../../rules';
import { queryInt } from '../common';
import { CouponTemplateStatus } from '../../marketing/vocab';

/** The field shapes the marketing contracts share (coupons, grants, codes, resources, draws). */
export const isoTime = z.iso.datetime({ offset: true });
export const id = z.number().int().positive();
export const name = (message: string, max = 60) => z.string().trim().min(1, message).max(max);
export const count = (min: number, max: number) => numberWith(RuleMessage.positiveInteger).int(RuleMessage.integer).min(min).max(max);
export const levelIds = z.array(id).max(50).default([]);
export const toggle = z.enum(CouponTemplateStatus.values);

export const IdQuery = z.strictObject({ id: queryInt(1, 2_147_483_647) });
/** What a save answers: the saved row's id. */
export const Created = z.object({ id: z.number().int() });
/** What a switch answers: whether it changed anything (false when it already was so). */
export const Changed = z.object({ changed: z.boolean() });

/** A member segment: active members matching every given condition (empty = every active member). */
export const CrowdFilter = z.strictObject({
  levelIds: z.array(id).max(50).optional(),
  loginSources: z.array(z.enum(LoginSource.values)).max(4).optional(),
  registeredFrom: isoTime.optional(),
  registeredTo: isoTime.optional(),
  agentId: id.optional(),
});
export type CrowdFilter = z.infer<typeof CrowdFilter>;
