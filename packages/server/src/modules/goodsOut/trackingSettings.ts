import { eq } from 'drizzle-orm';
import type { TrackingSettings, TrackingSettingsSaveBody, TrackingTestResult } from '@waystation/shared/contract/goodsOut/tracking';
import type { Db } from '../../db';
import { systemMeta } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import { invalid } from '../../core/errors';
import { openOr, type SecretBox } from '../../core/secrets';
import { type SeventeenTrackConfig, SeventeenTrackError, seventeenTrack } from './seventeenTrack';

/**
 * The tracking service's settings (系统参数 → 物流跟踪), one row of system_meta: the 17TRACK key sealed at rest beside a
 * hint (••••1234) the screen shows, the API address (empty: the official one) and whether the job runs. The last run
 * of the job is kept beside them for the screen.
 */

const KEY = 'tracking.17track';
const LAST_RUN_KEY = 'tracking.17track.lastRun';

interface Stored {
  enabled: boolean;
  apiKey: string;
  apiKeyHint: string;
  apiBase: string;
}
export interface LastRun {
  at: string;
  registered: number;
  polled: number;
  events: number;
  error: string;
}

const hintOf = (plain: string) => `••••${plain.slice(-4)}`;

async function read<T>(db: Db, key: string): Promise<T | null> {
  const [row] = await db.select().from(systemMeta).where(eq(systemMeta.key, key));
  return (row?.value as T | undefined) ?? null;
}

export async function trackingSettings(db: Db): Promise<TrackingSettings> {
  const s = await read<Stored>(db, KEY);
  return {
    enabled: s?.enabled ?? false,
    apiKey: s?.apiKey ? s.apiKeyHint : '',
    apiKeySet: !!s?.apiKey,
    apiBase: s?.apiBase ?? '',
    lastRun: await read<LastRun>(db, LAST_RUN_KEY),
  };
}

/** What the audit trail sees: the hint, never the key. */
const audited = (s: Stored | null) => (s ? { enabled: s.enabled, apiKey: s.apiKeyHint, apiBase: s.apiBase } : null);

/**
 * Saves the settings. A typed key is sealed; an empty one keeps the stored key, unless the address changed: the stored
 * key never goes to another address without being typed again. Enabling needs a key.
 */
export async function saveTrackingSettings(db: Db, secrets: SecretBox, actor: Actor, body: TrackingSettingsSaveBody, now: Date): Promise<null> {
  const apiBase = body.apiBase.replace(/\/+$/, '');
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(systemMeta).where(eq(systemMeta.key, KEY)).for('update');
    const before = (row?.value as Stored | undefined) ?? null;
    const kept = before?.apiKey && !body.apiKey ? before : null;
    if (kept && kept.apiBase !== apiBase) throw invalid('apiKey', '修改了 API 地址，请重新填写 API 密钥');
    const after: Stored = {
      enabled: body.enabled,
      apiKey: body.apiKey ? secrets.seal(body.apiKey) : (kept?.apiKey ?? ''),
      apiKeyHint: body.apiKey ? hintOf(body.apiKey) : (kept?.apiKeyHint ?? ''),
      apiBase,
    };
    if (after.enabled && !after.apiKey) throw invalid('apiKey', '请输入 17TRACK 的 API 密钥');
    await tx
      .insert(systemMeta)
      .values({ key: KEY, value: after, updatedAt: now })
      .onConflictDoUpdate({ target: systemMeta.key, set: { value: after, updatedAt: now } });
    await writeAudit(tx, actor, { action: 'config.settings', targetType: 'config', targetId: KEY, before: audited(before), after: audited(after) }, now);
  });
  return null;
}

/**
 * The key and address the job uses, or null when tracking is off or has no key (the job then calls nobody). A key
 * sealed under another server key cannot be read: tracking is off until it is typed again.
 */
export async function trackingConfig(db: Db, secrets: SecretBox): Promise<SeventeenTrackConfig | null> {
  const s = await read<Stored>(db, KEY);
  if (!s?.enabled || !s.apiKey) return null;
  const apiKey = openOr(secrets, s.apiKey, null);
  return apiKey ? { apiKey, apiBase: s.apiBase } : null;
}

/** Records what the job's last run did (the settings screen shows it). */
export async function recordRun(db: Db, run: LastRun, now: Date): Promise<void> {
  await db
    .insert(systemMeta)
    .values({ key: LAST_RUN_KEY, value: run, updatedAt: now })
    .onConflictDoUpdate({ target: systemMeta.key, set: { value: run, updatedAt: now } });
}

/** 测试连接: asks 17TRACK for the key's quota with the saved settings. */
export async function testTracking(db: Db, secrets: SecretBox): Promise<TrackingTestResult> {
  const s = await read<Stored>(db, KEY);
  const apiKey = s?.apiKey ? openOr(secrets, s.apiKey, null) : null;
  if (!s || !apiKey) return { ok: false, message: '请先保存 17TRACK 的 API 密钥', quotaRemain: null };
  try {
    const quotaRemain = await seventeenTrack({ apiKey, apiBase: s.apiBase }).quota();
    return { ok: true, message: '连接成功', quotaRemain };
  } catch (err) {
    if (err instanceof SeventeenTrackError) return { ok: false, message: err.message, quotaRemain: null };
    throw err;
  }
}
