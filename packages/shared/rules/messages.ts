import type { z } from 'zod';
import { TRANSLATIONS, type TextPair } from './translations';

/**
 * The one place validation speaks: the default text of every zod issue kind in Chinese and English, and the
 * translation of every Chinese message a schema or a service gives (translations.ts). The server builds its 40001
 * field messages with it, the browser its form messages, the end-to-end checks their list of allowed texts.
 */
export type Lang = 'zh' | 'en';

/** Default texts of schema issues; {name} marks a value filled in (a limit, a list of keys). */
export const IssueText = {
  required: ['此项为必填项', 'This field is required'],
  number: ['请输入数字', 'Enter a number'],
  integer: ['请输入整数', 'Enter a whole number'],
  text: ['请输入文字', 'Enter text'],
  yesNo: ['请选择是或否', 'Choose yes or no'],
  choose: ['请选择', 'Please choose'],
  date: ['请输入正确的日期', 'Enter a valid date'],
  invalid: ['格式不正确', 'Wrong format'],
  textMin: ['至少 {min} 个字符', 'At least {min} characters'],
  textExact: ['须为 {n} 个字符', 'Must be exactly {n} characters'],
  textMax: ['最多 {max} 个字符', 'At most {max} characters'],
  numberMin: ['不能小于 {min}', 'Must be at least {min}'],
  numberAbove: ['必须大于 {min}', 'Must be greater than {min}'],
  numberMax: ['不能大于 {max}', 'Must be at most {max}'],
  numberBelow: ['必须小于 {max}', 'Must be less than {max}'],
  itemsAtLeastOne: ['请至少选择一项', 'Choose at least one'],
  itemsMin: ['至少 {min} 项', 'At least {min} items'],
  itemsMax: ['最多 {max} 项', 'At most {max} items'],
  dateMin: ['不能早于 {min}', 'Must not be before {min}'],
  dateMax: ['不能晚于 {max}', 'Must not be after {max}'],
  decimals: ['最多保留 {places} 位小数', 'At most {places} decimal places'],
  multipleOf: ['必须是 {divisor} 的倍数', 'Must be a multiple of {divisor}'],
  option: ['请选择列表中的选项', 'Choose one of the options'],
  email: ['请输入正确的邮箱', 'Enter a valid email address'],
  url: ['请输入正确的URL', 'Enter a valid URL'],
  dateTime: ['请输入正确的日期时间', 'Enter a valid date and time'],
  unknownKeys: ['不支持的字段：{keys}', 'Unsupported field: {keys}'],
} as const satisfies Record<string, TextPair>;
export type IssueTextKey = keyof typeof IssueText;

const LANG_INDEX: Record<Lang, 0 | 1> = { zh: 0, en: 1 };

function fillTemplate(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);
}

/** A limit as a person reads it: 1,000,000 rather than 1000000. */
function limitText(v: unknown): string {
  if (typeof v === 'number') return v.toLocaleString('en-US', { maximumFractionDigits: 20 });
  if (typeof v === 'bigint') return v.toLocaleString('en-US');
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v);
}

/** A text of the table in `lang` with its values filled in (numbers with thousands separators). */
export function textIn(pair: TextPair, lang: Lang, vars: Record<string, unknown> = {}): string {
  const strings = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, limitText(v)]));
  return fillTemplate(pair[LANG_INDEX[lang]], strings);
}

const text = (key: IssueTextKey, lang: Lang, vars: Record<string, unknown> = {}) => textIn(IssueText[key], lang, vars);

type Issue = z.core.$ZodRawIssue;
type Sized = { origin?: string; minimum?: unknown; maximum?: unknown; inclusive?: boolean; exact?: boolean };

function typeText(issue: Issue & { expected?: string }, lang: Lang): string {
  if (issue.input === undefined || issue.input === null) return text('required', lang);
  switch (issue.expected) {
    case 'int':
      return text('integer', lang);
    case 'number':
    case 'bigint':
      return text('number', lang);
    case 'string':
      return text('text', lang);
    case 'boolean':
      return text('yesNo', lang);
    case 'array':
    case 'set':
      return text('choose', lang);
    case 'date':
      return text('date', lang);
    default:
      return text('invalid', lang);
  }
}

function tooSmallText(issue: Sized, lang: Lang): string {
  const min = issue.minimum;
  switch (issue.origin) {
    case 'string':
      if (issue.exact) return text('textExact', lang, { n: min });
      return Number(min) <= 1 ? text('required', lang) : text('textMin', lang, { min });
    case 'array':
    case 'set':
      return Number(min) <= 1 ? text('itemsAtLeastOne', lang) : text('itemsMin', lang, { min });
    case 'date':
      return text('dateMin', lang, { min: new Date(Number(min)) });
    default:
      return issue.inclusive === false ? text('numberAbove', lang, { min }) : text('numberMin', lang, { min });
  }
}

function tooBigText(issue: Sized, lang: Lang): string {
  const max = issue.maximum;
  switch (issue.origin) {
    case 'string':
      return issue.exact ? text('textExact', lang, { n: max }) : text('textMax', lang, { max });
    case 'array':
    case 'set':
      return text('itemsMax', lang, { max });
    case 'date':
      return text('dateMax', lang, { max: new Date(Number(max)) });
    default:
      return issue.inclusive === false ? text('numberBelow', lang, { max }) : text('numberMax', lang, { max });
  }
}

function formatText(format: string | undefined, lang: Lang): string {
  if (format === 'email') return text('email', lang);
  if (format === 'url') return text('url', lang);
  if (format === 'datetime' || format === 'date' || format === 'time') return text('dateTime', lang);
  return text('invalid', lang);
}

function multipleText(divisor: unknown, lang: Lang): string {
  const d = Number(divisor);
  // 0.01 means "at most two decimals": say that, not "a multiple of 0.01".
  const places = Math.round(-Math.log10(d));
  if (d < 1 && places > 0 && Math.abs(d - 10 ** -places) < 1e-12) return text('decimals', lang, { places });
  return text('multipleOf', lang, { divisor });
}

/**
 * A union that failed in every branch: the most telling message of a branch (an email field that may also be
 * empty says "enter a valid email", not "invalid input").
 */
function unionText(issue: { errors?: { code: string; message: string }[][] }, lang: Lang): string {
  for (const branch of issue.errors ?? []) {
    const telling = branch.find((i) => i.code !== 'invalid_type' && i.code !== 'invalid_value' && i.code !== 'invalid_union');
    if (telling) return translate(telling.message, lang);
  }
  return text('invalid', lang);
}

/** The default text of one schema issue (the schema gave none of its own) in `lang`. */
export function issueText(issue: Issue, lang: Lang): string {
  switch (issue.code) {
    case 'invalid_type':
      return typeText(issue, lang);
    case 'too_small':
      return tooSmallText(issue, lang);
    case 'too_big':
      return tooBigText(issue, lang);
    case 'invalid_format':
      return formatText(issue.format, lang);
    case 'not_multiple_of':
      return multipleText(issue.divisor, lang);
    case 'invalid_value':
      return text('option', lang);
    case 'unrecognized_keys':
      return text('unknownKeys', lang, { keys: issue.keys.join(', ') });
    case 'invalid_union':
      return unionText(issue as never, lang);
    default:
      return text('invalid', lang);
  }
}

/** zod's error map for `z.config({ customError })`: every issue without a text of its own speaks `lang`. */
export function zodErrorMap(lang: Lang): z.core.$ZodErrorMap {
  return (issue) => issueText(issue, lang);
}

// ---------------------------------------------------------------- translation of Chinese messages

interface CompiledPair {
  zh: string;
  en: string;
  pattern?: RegExp;
  names: string[];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "最多 {max} 个字符" → /^最多 (.+?) 个字符$/ with names ["max"]. */
export function templatePattern(template: string): { pattern?: RegExp; names: string[] } {
  const names: string[] = [];
  if (!/\{\w+\}/.test(template)) return { names };
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (!m) return escapeRegExp(part);
      names.push(m[1]);
      return '([\\s\\S]+?)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

/** Every known text pair: the issue defaults first, then the schemas' and services' own messages. */
export const ALL_TEXT_PAIRS: readonly TextPair[] = [...Object.values(IssueText), ...TRANSLATIONS];

const exact = new Map<string, string>();
const templates: CompiledPair[] = [];
for (const [zh, en] of ALL_TEXT_PAIRS) {
  const { pattern, names } = templatePattern(zh);
  if (pattern) templates.push({ zh, en, pattern, names });
  else if (!exact.has(zh)) exact.set(zh, en);
}

/**
 * A message in `lang`. Messages are written in Chinese (SPEC §5 gives them so); English comes from the table.
 * A text the table does not know is returned as it is.
 */
export function translate(message: string, lang: Lang): string {
  if (lang === 'zh') return message;
  const direct = exact.get(message);
  if (direct !== undefined) return direct;
  for (const t of templates) {
    const m = t.pattern!.exec(message);
    if (!m) continue;
    const vars = Object.fromEntries(t.names.map((n, i) => [n, m[i + 1]]));
    return fillTemplate(t.en, vars);
  }
  return message;
}

/** Whether the table knows `message` as a Chinese text (exactly or by template). */
export function isKnownChinese(message: string): boolean {
  return exact.has(message) || templates.some((t) => t.pattern!.test(message));
}

/**
 * Every text validation can show in `lang`, as patterns ({name} matches any value): for checks that a screen
 * shows nothing but the language's own texts.
 */
export function validationTextPatterns(lang: Lang): RegExp[] {
  return ALL_TEXT_PAIRS.map((pair) => {
    const template = pair[LANG_INDEX[lang]];
    return templatePattern(template).pattern ?? new RegExp(`^${escapeRegExp(template)}$`);
  });
}
