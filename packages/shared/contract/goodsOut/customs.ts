import { z } from 'zod';
import { defineCall } from '../call';
import { queryInt } from '../common';
import { currencyCode } from '../reference';
import { ScanCode } from '../warehouse';
import { countryCode, money, PackageActionResult, reason } from './common';

/**
 * Customs declarations (issue #33): what each line of a package declares, as the member sends it with the pack order
 * and the packer corrects it at 打包称重; the CN22 or CN23 and the commercial invoice print from it.
 */

/** Printable ASCII only: carriers and customs systems read the English description as such. */
const ascii = /^[\x20-\x7E]*$/;

export const DeclarationLine = z.strictObject({
  descriptionEn: z.string().trim().min(1, '请输入英文品名').max(100, '英文品名最多100个字符').regex(ascii, '英文品名只能包含英文字母、数字和常用符号'),
  descriptionZh: z.string().trim().max(100, '中文品名最多100个字符').default(''),
  hsCode: z
    .string()
    .trim()
    .regex(/^(\d{6,10})?$/, 'HS编码为6~10位数字')
    .default(''),
  quantity: z.number().int('数量须为整数').min(1, '数量至少为1').max(9999, '数量最多9999'),
  /** Minor units of the declaration's currency. */
  unitValue: money.refine((v) => v > 0, '申报单价须大于0'),
  origin: countryCode.default('CN'),
});
export type DeclarationLine = z.input<typeof DeclarationLine>;

/** A whole declaration: one currency, up to 50 lines (the member's may leave it out: the purchase lines fill it). */
export const DeclarationInput = z.strictObject({
  currency: currencyCode.default('USD'),
  lines: z.array(DeclarationLine).min(1, '请至少申报一行').max(50, '一个包裹最多申报50行'),
});
export type DeclarationInput = z.input<typeof DeclarationInput>;

/** The customs form the declared value calls for: CN22 up to the limit (system param customs.cn22MaxUsd), CN23 above. */
export const CustomsForm = z.enum(['CN22', 'CN23']);

export const Declaration = z.object({
  currency: z.string(),
  lines: z.array(
    z.object({
      lineNo: z.number().int(),
      descriptionEn: z.string(),
      descriptionZh: z.string(),
      hsCode: z.string(),
      quantity: z.number().int(),
      unitValue: z.number().int(),
      origin: z.string(),
      weightG: z.number().int(),
    }),
  ),
  /** Sum of quantity × unit value, minor units. */
  total: z.number().int(),
  form: CustomsForm,
  /** Every line has an English description (a line prefilled from a Chinese title has none until someone writes it). */
  complete: z.boolean(),
  /** Signed URL of the customs PDF (the form and the commercial invoice); null before the package has lines. */
  pdfUrl: z.string().nullable(),
});
export type Declaration = z.infer<typeof Declaration>;

export const DeclarationQuery = z.strictObject({ packageNo: ScanCode });
/** The packer's or a clerk's correction: the whole declaration again, with the reason (modify_package_attr). */
export const DeclarationSaveBody = DeclarationInput.extend({ id: z.number().int().positive(), reason: reason('请输入修改原因') });
export type DeclarationSaveBody = z.input<typeof DeclarationSaveBody>;
/** The signed customs PDF's address: GET /api/warehouse/package/customs?packageNo=&exp=&sig=. */
export const CustomsDocQuery = z.strictObject({
  packageNo: ScanCode,
  exp: queryInt(0, 2_147_483_647),
  sig: z.string().regex(/^[a-f0-9]{64}$/),
});

export const warehousePackageDeclarationCall = defineCall({
  method: 'GET',
  url: '/api/warehouse/package/declaration',
  query: DeclarationQuery,
  data: Declaration,
});
export const warehousePackageDeclarationSaveCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/package/declaration/save',
  body: DeclarationSaveBody,
  data: PackageActionResult,
});
