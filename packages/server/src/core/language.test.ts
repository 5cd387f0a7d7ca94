import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isKnownChinese } from '@waystation/shared/rules/messages';
import { preferredLang } from './language';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

describe('the caller’s language', () => {
  it('is English only when the caller prefers it to Chinese', () => {
    expect(preferredLang(undefined)).toBe('zh');
    expect(preferredLang('en')).toBe('en');
    expect(preferredLang('en-US,en;q=0.9,zh-CN;q=0.8')).toBe('en');
    expect(preferredLang('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(preferredLang('zh;q=0.5, en-GB;q=0.8')).toBe('en');
    expect(preferredLang('fr-FR')).toBe('zh');
  });

  it('every 40001 a service gives has an English text in the shared table', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const missing: string[] = [];
    for (const file of sourceFiles(src)) {
      const source = fs.readFileSync(file, 'utf8');
      // invalid('field', '…') and new AppError(ErrorCode.VALIDATION, '…'); a template's ${…} stands for any value.
      for (const m of source.matchAll(/(?:invalid\([^,]+,|AppError\(ErrorCode\.VALIDATION,|refuse\()\s*(['`])((?:(?!\1).)*)\1/g)) {
        const text = m[2].replace(/\$\{(?:[^{}]|\{[^}]*\})*\}/g, 'X');
        if (/[\u4e00-\u9fff]/.test(text) && !isKnownChinese(text)) missing.push(`${path.relative(src, file)}: ${m[2]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
