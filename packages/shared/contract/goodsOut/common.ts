import { z } from 'zod';
import { MAX_OPERATION_AMOUNT, numberWith, sideMm, weightG } from '../../rules';
import { PackageStatus } from '../../vocab/goods-out';

/** What the goods-out contracts share: the field rules, the package's address, the result of every package step. */
export const grams = weightG;
export const mm = sideMm;
export const money = numberWith('金额不能为空')
  .int('金额以分为单位')
  .min(0, '金额不能小于0')
  .max(MAX_OPERATION_AMOUNT * 100);
export const reason = (msg: string) => z.string().trim().min(1, msg).max(500);
export const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式为 yyyy-mm-dd')
  .optional();
export const countryCode = z.string().regex(/^[A-Z]{2}$/, '国家代码为2位大写字母');

export const PackageAddress = z.strictObject({
  receiver: z.string().trim().min(1, '请输入收件人').max(100),
  phone: z.string().trim().max(40).default(''),
  country: countryCode,
  province: z.string().trim().max(100).default(''),
  city: z.string().trim().max(100).default(''),
  address: z.string().trim().min(1, '请输入详细地址').max(300),
  postcode: z.string().trim().max(20).default(''),
});
export type PackageAddress = z.infer<typeof PackageAddress>;

/** Result of every package step: the package after it; `repeated` when it was already done. */
export const PackageActionResult = z.object({ id: z.number().int(), packageNo: z.string(), status: z.enum(PackageStatus.values), repeated: z.boolean() });
export type PackageActionResult = z.infer<typeof PackageActionResult>;
