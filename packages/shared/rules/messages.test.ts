import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_TEXT_PAIRS, isKnownChinese, issueText, translate, validationTextPatterns, type Lang } from './messages';
import { positiveAmount, RuleMessage } from '.';

/** Every issue kind zod raises, each made by a schema and a value that breaks it. */
const CASES: [string, z.ZodType, unknown][] = [
  ['required', z.string(), undefined],
  ['not a number', z.number(), 'abc'],
  ['not an integer', z.number().int(), 1.5],
  ['not text', z.string(), 12],
  ['not a boolean', z.boolean(), 'yes'],
  ['not a list', z.array(z.string()), 'x'],
  ['not a date', z.date(), 'x'],
  ['not an object', z.object({}), 'x'],
  ['text too short (empty)', z.string().min(1), ''],
  ['text too short', z.string().min(3), 'a'],
  ['text of a fixed length', z.string().length(6), 'a'],
  ['text too long', z.string().max(100), 'x'.repeat(101)],
  ['number too small', z.number().min(1), -100],
  ['number not positive', z.number().positive(), 0],
  ['number too big', z.number().max(1_000_000), 1_000_001],
  ['number not below', z.number().lt(10), 10],
  ['unsafe integer', z.number().int(), 1e20],
  ['too few items', z.array(z.string()).min(1), []],
  ['too few items (3)', z.array(z.string()).min(3), ['a']],
  ['too many items', z.array(z.string()).max(2), ['a', 'b', 'c']],
  ['too many set items', z.set(z.number()).max(1), new Set([1, 2])],
  ['date too early', z.date().min(new Date('2020-01-01')), new Date('2019-01-01')],
  ['date too late', z.date().max(new Date('2020-01-01')), new Date('2021-01-01')],
  ['regex', z.string().regex(/^a$/), 'b'],
  ['email', z.email(), 'b'],
  ['url', z.url(), 'b'],
  ['datetime', z.iso.datetime(), 'b'],
  ['decimals', z.number().multipleOf(0.01), 1.234],
  ['multiple', z.number().multipleOf(5), 7],
  ['enum', z.enum(['a', 'b']), 'c'],
  ['literal', z.literal(1), 2],
  ['unknown keys', z.strictObject({ a: z.string() }), { a: 'x', b: 1 }],
  ['union', z.union([z.string(), z.number()]), true],
  ['refine', z.string().refine(() => false), 'x'],
  ['record key', z.record(z.enum(['a']), z.string()), { b: 'x' }],
];

const RAW_LIBRARY_TEXT = /Invalid (input|option|string|number|email)|expected|Too (big|small)|received|Unrecognized|must match|[<>]=?/;

function firstMessage(schema: z.ZodType, value: unknown, lang: Lang): string {
  const r = schema.safeParse(value, { error: (issue) => issueText(issue, lang) });
  if (r.success) throw new Error('expected a failure');
  return translate(r.error.issues[0].message, lang);
}

describe('validation messages', () => {
  it.each(CASES)('%s: a clean sentence in Chinese and in English, never library text', (_, schema, value) => {
    const zh = firstMessage(schema, value, 'zh');
    const en = firstMessage(schema, value, 'en');
    expect(zh).toMatch(/[\u4e00-\u9fff]/);
    expect(zh).not.toMatch(RAW_LIBRARY_TEXT);
    expect(en).not.toMatch(/[\u4e00-\u9fff]/);
    expect(en).not.toMatch(RAW_LIBRARY_TEXT);
    expect(en.length).toBeGreaterThan(3);
  });

  it('states the limit, with thousands separators', () => {
    expect(firstMessage(z.string().max(100), 'x'.repeat(101), 'zh')).toBe('最多 100 个字符');
    expect(firstMessage(z.string().max(100), 'x'.repeat(101), 'en')).toBe('At most 100 characters');
    expect(firstMessage(z.number().min(1), -100, 'zh')).toBe('不能小于 1');
    expect(firstMessage(z.number().min(1), -100, 'en')).toBe('Must be at least 1');
    expect(firstMessage(z.number().max(1_000_000), 2_000_000, 'zh')).toBe('不能大于 1,000,000');
    expect(firstMessage(z.number().int(), 1.5, 'zh')).toBe('请输入整数');
    expect(firstMessage(z.number().multipleOf(0.01), 1.234, 'en')).toBe('At most 2 decimal places');
    expect(firstMessage(z.string(), undefined, 'zh')).toBe('此项为必填项');
  });

  it('a union that may be empty keeps its telling message', () => {
    const emailOrEmpty = z.union([z.email('请输入正确的邮箱'), z.literal('')]);
    expect(firstMessage(emailOrEmpty, 'x', 'zh')).toBe('请输入正确的邮箱');
    expect(firstMessage(emailOrEmpty, 'x', 'en')).toBe('Enter a valid email address');
  });

  it('translates the SPEC §5 messages and templates, and leaves unknown text alone', () => {
    expect(translate(RuleMessage.amountRequired, 'en')).toBe('The amount cannot be empty');
    expect(translate(RuleMessage.amountRequired, 'zh')).toBe(RuleMessage.amountRequired);
    expect(firstMessage(positiveAmount, '1.234', 'en')).toBe('Enter a positive number, whole or with 1 or 2 decimals');
    expect(translate('奖品数量需为2~8个', 'en')).toBe('An activity has 2 to 8 prizes');
    expect(translate('不能大于 10,000', 'en')).toBe('Must be at most 10,000');
    expect(translate('某个未知的消息', 'en')).toBe('某个未知的消息');
  });

  it('gives one English text per Chinese text', () => {
    const seen = new Map<string, string>();
    for (const [zh, en] of ALL_TEXT_PAIRS) {
      if (seen.has(zh)) expect(`${zh} → ${en}`).toBe(`${zh} → ${seen.get(zh)}`);
      seen.set(zh, en);
      expect(en).not.toMatch(/[\u4e00-\u9fff]/);
      // Both sides name the same values.
      expect(en.match(/\{\w+\}/g)?.sort() ?? []).toEqual(zh.match(/\{\w+\}/g)?.sort() ?? []);
    }
  });

  it('every English text is allowed by the English patterns and by nothing of Chinese', () => {
    const en = validationTextPatterns('en');
    expect(en.some((p) => p.test('At most 100 characters'))).toBe(true);
    expect(en.some((p) => p.test('最多 100 个字符'))).toBe(false);
    expect(validationTextPatterns('zh').some((p) => p.test('最多 100 个字符'))).toBe(true);
  });

  it('knows an English text for every Chinese message of the request schemas and rules', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const files = ['contract', 'rules', 'freight', 'marketing']
      .flatMap((dir) => fs.readdirSync(path.join(root, dir)).map((f) => path.join(root, dir, f)))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('translations.ts') && !f.endsWith('vocab.ts'));
    const missing: string[] = [];
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, '');
      // Messages are quoted ('…') or templates (`…${x}…`); vocabulary labels (zh: '…') have their own English.
      for (const m of source.matchAll(/(?<!zh: )(['`])((?:(?!\1).)*[\u4e00-\u9fff](?:(?!\1).)*)\1/g)) {
        const text = m[2].replace(/\$\{[^}]+\}/g, '1');
        if (!isKnownChinese(text)) missing.push(`${path.relative(root, file)}: ${m[2]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
