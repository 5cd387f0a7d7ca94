import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 16.5, English everywhere: a screen's words live in the message tables of both languages (i18n/messages.ts and
 * each page folder's messages.ts), never as Chinese literals in a component, where the English UI would show them.
 * This counts the lines of Chinese outside comments in every web source file that is not a message table.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

/** Chinese that is right in both languages, with why. */
const EXEMPT: Record<string, string> = {
  'shell/login/Login.tsx': 'the language switch names 中文 in Chinese, as English is named in English',
  'shell/layout/Navbar.tsx': 'the language switch names 中文 in Chinese, as English is named in English',
  'utils/time.ts': 'relative times say both languages beside each other (zh ? … : …)',
  'shell/routes/model.ts': 'route metadata carries title (zh) and titleEn side by side, as the server menu does',
  'api/request.ts': "the SPEC's verbatim English re-login prompt and its Chinese twin, side by side",
  'shell/pages/StatusPages.tsx': 'an error-log entry written in both languages at once (页面暂未开放 / page not available)',
};

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && e.name !== 'messages.ts' ? [p] : [];
  });
}

/** Lines holding Chinese once comments are gone (block comments, JSX comments, whole-line and trailing // comments). */
export function chineseLines(source: string): number {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/\s\/\/[^'"`\n]*$/gm, '');
  return code.split('\n').filter((line) => /[\u4e00-\u9fff]/.test(line)).length;
}

describe('English everywhere: no Chinese literals outside the message tables', () => {
  const counts = Object.fromEntries(
    sources(ROOT)
      .map((f) => [path.relative(ROOT, f).split(path.sep).join('/'), chineseLines(fs.readFileSync(f, 'utf8'))] as const)
      .filter(([f, n]) => n > 0 && !(f in EXEMPT)),
  );

  it('finds Chinese in code and not in comments', () => {
    expect(chineseLines("const a = '新增';\n// 注释\n/* 块注释 */\nconst b = 1; // 行尾注释\n<p>{/* 说明 */}</p>")).toBe(1);
  });

  it('no web source shows Chinese outside the message tables (file → lines with Chinese)', () => {
    expect(counts).toEqual({});
  });
});
