import { describe, expect, it } from 'vitest';
import { decimal2, nonEmptyArray, password, percentage, positiveAmount, positiveIntegerText, integerText, RuleMessage, urlText } from '.';
import { z } from 'zod';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0].message;
};

describe('SPEC §5 rules', () => {
  it('decimal: non-negative with up to 2 places', () => {
    for (const ok of ['0', '12', '12.3', '12.34']) expect(messageOf(decimal2, ok)).toBeNull();
    for (const bad of ['-1', '1.234', '1.', 'abc', '']) expect(messageOf(decimal2, bad)).toBe(RuleMessage.decimal2);
  });

  it('positive amount: required, 2 decimals, greater than 0', () => {
    expect(messageOf(positiveAmount, '')).toBe(RuleMessage.amountRequired);
    expect(messageOf(positiveAmount, undefined)).toBe(RuleMessage.amountRequired);
    expect(messageOf(positiveAmount, '1.234')).toBe(RuleMessage.amountFormat);
    expect(messageOf(positiveAmount, '0.00')).toBe(RuleMessage.amountPositive);
    expect(messageOf(positiveAmount, '0.01')).toBeNull();
  });

  it('integer and positive integer', () => {
    expect(messageOf(integerText, '007')).toBeNull();
    expect(messageOf(integerText, '1.5')).toBe(RuleMessage.integer);
    expect(messageOf(positiveIntegerText, '0')).toBe(RuleMessage.positiveInteger);
    expect(messageOf(positiveIntegerText, '10')).toBeNull();
  });

  it('percentage 0–100 with at most two decimals', () => {
    for (const ok of ['0', '1', '99.99', '100']) expect(messageOf(percentage, ok)).toBeNull();
    for (const bad of ['100.01', '101', '1.234', '-1']) expect(messageOf(percentage, bad)).toBe(RuleMessage.percentage);
  });

  it('non-empty array and URL', () => {
    expect(messageOf(nonEmptyArray(z.string()), [])).toBe(RuleMessage.arrayNotEmpty);
    for (const ok of ['example.com', 'https://shop.example.com:8443/a/b?c=1', 'http://a.cn']) expect(messageOf(urlText, ok)).toBeNull();
    for (const bad of ['not a url', 'ftp://x.com', 'http://']) expect(messageOf(urlText, bad)).toBe(RuleMessage.url);
  });

  it('staff password needs 8+ characters with a letter and a digit', () => {
    expect(messageOf(password, 'abcdefgh')).not.toBeNull();
    expect(messageOf(password, '12345678')).not.toBeNull();
    expect(messageOf(password, 'abc12345')).toBeNull();
  });
});
