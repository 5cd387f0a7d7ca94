import { z } from 'zod';

/** SPEC §5 reusable form rules with their Chinese messages. The server and the browser use the same ones. */
export const RuleMessage = {
  decimal2: '请输入整数或保留1~2位小数',
  amountRequired: '金额不能为空',
  amountFormat: '请输入正数，整数或保留1~2位小数',
  amountPositive: '金额必须大于0',
  amountTooLarge: '单笔金额不能超过 10,000,000.00',
  integer: '请输入整数',
  positiveInteger: '请输入正整数',
  percentage: '请输入1~100的数值，最多保留两位小数',
  arrayNotEmpty: '数组不能为空',
  url: '请输入正确的URL',
  required: '请输入',
} as const;

export const DECIMAL_2 = /^\d+(\.\d{1,2})?$/;

/**
 * A number whose own message is for a value that is no number (or none); its limits keep the shared table's texts,
 * which name the limit ("不能大于 1,000,000").
 */
export const numberWith = (message: string) => z.number({ error: (issue) => (issue.code === 'invalid_type' ? message : undefined) });

/** One unit per measure across the product: weights in whole grams, lengths in whole millimetres. */
export const MAX_WEIGHT_G = 1_000_000;
export const MAX_SIDE_MM = 10_000;
/** A weight: a whole number of grams from 1 to 1,000,000. */
export const weightG = numberWith('请输入重量').int(RuleMessage.integer).min(1, '重量必须大于0').max(MAX_WEIGHT_G);
/** A weight that may be left out (0 = not weighed). */
export const optionalWeightG = numberWith('请输入重量').int(RuleMessage.integer).min(0).max(MAX_WEIGHT_G).default(0);
/** A side of a parcel: a whole number of millimetres from 1 to 10,000. */
export const sideMm = numberWith('请输入尺寸').int(RuleMessage.integer).min(1, '尺寸必须大于0').max(MAX_SIDE_MM);
/** A side that may be left out (0 = not measured). */
export const optionalSideMm = numberWith('请输入尺寸').int(RuleMessage.integer).min(0).max(MAX_SIDE_MM).default(0);
export const INTEGER = /^\d+$/;
export const POSITIVE_INTEGER = /^[1-9]\d*$/;
export const URL_PATTERN = /^(https?:\/\/)?([a-zA-Z0-9-]+\.)+[a-zA-Z]{2,}(:\d{1,5})?(\/[^\s]*)?$/;

/** Non-negative decimal with at most 2 places, as text. */
export const decimal2 = z.string().regex(DECIMAL_2, RuleMessage.decimal2);

/** The largest amount one operation may move (a manual credit, a refund, a withdrawal): 10,000,000.00. */
export const MAX_OPERATION_AMOUNT = 10_000_000;

/** Positive amount: required, at most 2 decimals, greater than 0, at most MAX_OPERATION_AMOUNT. */
export const positiveAmount = z
  .string({ error: RuleMessage.amountRequired })
  .min(1, RuleMessage.amountRequired)
  .regex(DECIMAL_2, RuleMessage.amountFormat)
  .refine((s) => Number(s) > 0, RuleMessage.amountPositive)
  .refine((s) => Number(s) <= MAX_OPERATION_AMOUNT, RuleMessage.amountTooLarge);

/** An amount that may be 0 (a price, a fee): required, at most 2 decimals, at most MAX_OPERATION_AMOUNT. */
export const amountText = z
  .string({ error: RuleMessage.amountRequired })
  .min(1, RuleMessage.amountRequired)
  .regex(DECIMAL_2, RuleMessage.decimal2)
  .refine((s) => Number(s) <= MAX_OPERATION_AMOUNT, RuleMessage.amountTooLarge);

export const integerText = z.string().regex(INTEGER, RuleMessage.integer);
export const positiveIntegerText = z.string().regex(POSITIVE_INTEGER, RuleMessage.positiveInteger);

/** Percentage 0–100 with at most 2 decimals. */
export const percentage = z
  .string()
  .regex(DECIMAL_2, RuleMessage.percentage)
  .refine((s) => Number(s) >= 0 && Number(s) <= 100, RuleMessage.percentage);

export const nonEmptyArray = <T extends z.ZodType>(item: T) => z.array(item).min(1, RuleMessage.arrayNotEmpty);

export const urlText = z.string().regex(URL_PATTERN, RuleMessage.url);

/** Staff password: 8–64 characters with at least one letter and one digit. */
export const PASSWORD_MESSAGE = '密码需为8~64位，且同时包含字母和数字';
export const password = z
  .string()
  .min(8, PASSWORD_MESSAGE)
  .max(64, PASSWORD_MESSAGE)
  .regex(/[A-Za-z]/, PASSWORD_MESSAGE)
  .regex(/\d/, PASSWORD_MESSAGE);
