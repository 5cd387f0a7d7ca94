import { z } from 'zod';
import { vocab } from '../vocab/labels';
import { password } from '../rules';
import { isoTime } from './open';

/** The member API's accounts (server: modules/vip/memberAccounts.ts, memberAddresses.ts, kyc.ts): sign-up and sign-in, a member site's sign-in, addresses, the identity check. */

// ---------------------------------------------------------------- sign-in

const email = z.string().trim().toLowerCase().max(120, '邮箱格式不正确').pipe(z.email('邮箱格式不正确'));
const signupDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(200)
  .regex(/^([a-z0-9-]+\.)+[a-z]{2,}$/, '请输入正确的域名')
  .optional();

export const RegisterBody = z.strictObject({
  email,
  password,
  name: z.string().trim().min(1, '请输入姓名').max(60, '姓名最多60个字符'),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, '国家代码格式错误')
    .optional(),
  /** The inviting agent's id, when the member came through an agent's site. */
  agentId: z.number().int().positive().optional(),
  /** The site's domain, when a site's server signs the member up: an agent's domain makes the member that agent's. */
  domain: signupDomain,
});
/**
 * What a sign-up answers, the same whether or not the email already has an account: a code was mailed to the email
 * (to a taken email goes a note to its owner instead), and the account exists once that code is confirmed.
 */
export const RegisterStarted = z.object({ email: z.string(), codeExpiresInSeconds: z.number().int() });
export type RegisterStarted = z.infer<typeof RegisterStarted>;
export const RegisterConfirmBody = z.strictObject({ email, code: z.string().regex(/^\d{6}$/, '验证码为6位数字') });
export const LoginBody = z.strictObject({ email, password: z.string().min(1, '请输入密码').max(64, '请输入密码') });
export const ResetRequestBody = z.strictObject({ email });
export const ResetBody = z.strictObject({ email, code: z.string().regex(/^\d{6}$/, '验证码为6位数字'), password });

export const MemberAccount = z.object({ kind: z.string(), currency: z.string(), balance: z.number().int() });
export const MemberProfile = z.object({
  id: z.number().int(),
  userCode: z.string(),
  name: z.string(),
  email: z.string(),
  country: z.string(),
  kycStatus: z.string(),
  accounts: z.array(MemberAccount),
  /** Points: earned by paying orders (and lucky draws), spent at order payment. */
  points: z.number().int(),
});
export type MemberProfile = z.infer<typeof MemberProfile>;
export const SessionResult = z.object({ token: z.string(), expiresAt: isoTime, member: MemberProfile });
export type SessionResult = z.infer<typeof SessionResult>;

// ---------------------------------------------------------------- a member site's server (X-Api-Key)

/**
 * POST /auth/siteLogin: the site signed the member in with Discord or Google and vouches for the email; the member
 * with that email is signed in, or created.
 */
export const SiteLoginBody = z
  .strictObject({
    loginSource: z.enum(['discord', 'google']),
    email,
    name: z.string().trim().min(1, '请输入姓名').max(60, '姓名最多60个字符'),
    /** The Discord account (id or handle), for loginSource discord. */
    discordId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.#-]{2,64}$/, 'Discord 账号格式不正确')
      .optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, '国家代码格式错误')
      .optional(),
    agentId: z.number().int().positive().optional(),
    /** The domain the member signed in on: on an agent's domain, a new member joins that agent. */
    domain: signupDomain,
  })
  .refine((b) => b.loginSource !== 'discord' || !!b.discordId, { message: '请提供 Discord 账号', path: ['discordId'] });

// ---------------------------------------------------------------- addresses

export const AddressInput = z.strictObject({
  receiver: z.string().trim().min(1, '请输入收件人').max(60, '收件人最多60个字符'),
  phone: z.string().trim().max(30, '电话最多30个字符').default(''),
  country: z.string().regex(/^[A-Z]{2}$/, '国家代码格式错误'),
  province: z.string().trim().max(60).default(''),
  city: z.string().trim().max(60).default(''),
  address: z.string().trim().min(1, '请输入详细地址').max(300, '详细地址最多300个字符'),
  postcode: z.string().trim().max(20).default(''),
});
export const MemberAddressOut = AddressInput.extend({ id: z.number().int(), isDefault: z.boolean() });
export const AddressSaveBody = AddressInput.extend({ id: z.number().int().positive().optional(), isDefault: z.boolean().default(false) });
export const AddressList = z.object({ list: z.array(MemberAddressOut) });

// ---------------------------------------------------------------- KYC

export const KycDocumentType = vocab([
  { value: 'passport', zh: '护照', en: 'Passport' },
  { value: 'id_card', zh: '身份证', en: 'Identity card' },
  { value: 'driver_license', zh: '驾驶证', en: 'Driving licence' },
] as const);
export const KycSubmitBody = z.strictObject({
  fullName: z.string().trim().min(1, '请输入姓名').max(100, '姓名最多100个字符'),
  documentType: z.enum(KycDocumentType.values),
  documentNo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{5,30}$/, '证件号码为5~30位字母或数字'),
  country: z.string().regex(/^[A-Z]{2}$/, '国家代码格式错误'),
});
export const KycState = z.object({
  status: z.enum(['none', 'pending', 'passed', 'rejected']),
  fullName: z.string(),
  documentType: z.string(),
  documentHint: z.string(),
  reason: z.string(),
  submitTime: isoTime.nullable(),
});
