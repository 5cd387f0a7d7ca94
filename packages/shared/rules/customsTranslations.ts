import type { TextPair } from './translations';

/** English for customs declarations (issue #33.1): the declaration's fields, the channels' limits, the papers. */
export const CUSTOMS_TRANSLATIONS: TextPair[] = [
  ['请输入英文品名', 'Enter the description in English'],
  ['英文品名最多100个字符', 'The English description can be at most 100 characters'],
  ['英文品名只能包含英文字母、数字和常用符号', 'The English description takes English letters, digits and common signs only'],
  ['中文品名最多100个字符', 'The Chinese description can be at most 100 characters'],
  ['HS编码为6~10位数字', 'The HS code is 6 to 10 digits'],
  ['数量须为整数', 'The quantity is a whole number'],
  ['数量至少为1', 'The quantity is at least 1'],
  ['申报单价须大于0', 'The declared unit value must be more than 0'],
  ['请至少申报一行', 'Declare at least one line'],
  ['一个包裹最多申报50行', 'A package can declare at most 50 lines'],
  ['申报价值上限不能小于0', 'The declared value limit cannot be below 0'],
  ['申报价值上限过大', 'The declared value limit is too large'],
  ['HS编码前缀为2~10位数字', 'An HS code prefix is 2 to 10 digits'],
  ['最多100个禁运HS编码前缀', 'At most 100 refused HS code prefixes'],
  ['不支持的申报币种 {currency}', 'The declaration currency {currency} is not supported'],
  [
    '渠道 {channel} 不接受 HS 编码 {prefix} 开头的商品（第 {line} 行）',
    'Channel {channel} does not take goods whose HS code starts with {prefix} (line {line})',
  ],
  [
    '申报总价值 {total} {currency} 超过渠道 {channel} 的上限 {limit} {limitCurrency}',
    'The declared total {total} {currency} is over the limit of channel {channel}: {limit} {limitCurrency}',
  ],
  ['包裹 {packageNo} 当前状态为「{status}」，不能修改申报', 'Package {packageNo} is {status}: its declaration cannot change now'],
  ['包裹 {packageNo} 还没有报关申报', 'Package {packageNo} has no customs declaration yet'],
  [
    '包裹 {packageNo} 第 {lines} 行申报缺少英文品名，请先补全申报',
    'Package {packageNo}: line {lines} of the declaration has no English description; complete it first',
  ],
];
