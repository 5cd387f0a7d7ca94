import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { templatePattern, validationTextPatterns, type Lang } from '../../packages/shared/rules/messages';
import { messageTables } from '../../packages/web/src/i18n';

/**
 * The texts a screen may show as a message in a language: the app's own tables, the same the app uses — the shared
 * validation table (schema and server messages) and every text table of the web app (the shell's and each page's
 * messages.ts). A form error, toast or notification not produced by them is raw library text, a half translation or
 * a message in the other language.
 */
const WEB_SRC = path.resolve(import.meta.dirname, '../../packages/web/src');

function messageModules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return messageModules(p);
    return e.name === 'messages.ts' ? [p] : [];
  });
}

const allowed = new Map<Lang, RegExp[]>();

/** A text of a table as a pattern: its {values} match anything, its literal parts exactly. */
function patternOf(template: string): RegExp | null {
  // A template that is nothing but values ("{label}") would allow any text: it says nothing about the language.
  if (template.replace(/\{\w+\}/g, '').replace(/[\s\p{P}]/gu, '').length === 0) return null;
  return templatePattern(template).pattern ?? new RegExp(`^${template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

async function allowedPatterns(lang: Lang): Promise<RegExp[]> {
  const known = allowed.get(lang);
  if (known) return known;
  // Loading a page's messages.ts registers its table (defineMessages).
  for (const file of messageModules(WEB_SRC)) await import(file);
  const patterns = [
    ...validationTextPatterns(lang),
    ...messageTables(lang).flatMap((table) =>
      Object.values(table)
        .map(patternOf)
        .filter((p): p is RegExp => p !== null),
    ),
  ];
  allowed.set(lang, patterns);
  return patterns;
}

/** Every message a person sees now: form errors under fields, toasts, notifications. */
export async function shownMessages(page: Page): Promise<string[]> {
  const texts = await page
    .locator('.ant-form-item-explain-error, .ant-message-notice-content, .ant-notification-notice-title, .ant-notification-notice-description')
    .evaluateAll((nodes) => nodes.filter((n) => (n as HTMLElement).offsetParent !== null).map((n) => (n as HTMLElement).innerText.trim()));
  return texts.filter(Boolean);
}

/** The shown messages no table of `lang` produces (empty when the screen speaks only its language). */
export async function foreignMessages(page: Page, lang: Lang): Promise<string[]> {
  const patterns = await allowedPatterns(lang);
  return (await shownMessages(page)).filter((text) => !patterns.some((p) => p.test(text)));
}

/** Fails when the page shows a message that is not in the message tables of `lang`. */
export async function expectOwnLanguage(page: Page, lang: Lang): Promise<void> {
  expect(await foreignMessages(page, lang), `messages not in the ${lang} message tables`).toEqual([]);
}
