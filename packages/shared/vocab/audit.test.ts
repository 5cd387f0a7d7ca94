import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_EVENTS } from '../machines/package';
import { PURCHASE_EVENTS } from '../machines/purchase-order';
import { AuditSubject, auditActionLabel } from './audit';

function serverSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return serverSources(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

describe('audit codes as a person reads them', () => {
  it('labels an action by its subject and verb in both languages', () => {
    expect(auditActionLabel('admin.login', 'zh')).toBe('员工账号 · 登录');
    expect(auditActionLabel('admin.login', 'en')).toBe('Staff account · Log in');
    expect(auditActionLabel('finance.withdrawal.approve', 'en')).toBe('Agent withdrawal · Approve');
    expect(auditActionLabel('something.unknown', 'en')).toBe('something.unknown');
  });

  it('knows every action and target the server writes', () => {
    const src = path.resolve(import.meta.dirname, '../../server/src');
    const actions = new Set<string>([...PURCHASE_EVENTS.map((e) => `purchase.${e}`), ...PACKAGE_EVENTS.map((e) => `package.${e}`)]);
    const targets = new Set<string>();
    for (const file of serverSources(src)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/action: '([a-zA-Z_.]+\.[a-zA-Z_]+)'/g)) actions.add(m[1]!);
      for (const m of text.matchAll(/action: [^,]*\? '([a-zA-Z_.]+)' : '([a-zA-Z_.]+)'/g)) actions.add(m[1]!).add(m[2]!);
      for (const m of text.matchAll(/targetType: '([a-zA-Z_]+)'/g)) targets.add(m[1]!);
    }
    expect([...actions].filter((a) => auditActionLabel(a, 'en') === a)).toEqual([]);
    expect([...targets].filter((t) => !AuditSubject.values.includes(t as never))).toEqual([]);
  });
});
