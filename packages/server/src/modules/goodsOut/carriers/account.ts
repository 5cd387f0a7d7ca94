import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CarrierSender, ForwarderCarrier, ForwarderSaveBody } from '@waystation/shared/contract/logistics';
import type { Db } from '../../../db';
import { forwarders } from '../../../db/schema';
import { invalid } from '../../../core/errors';
import type { SecretBox } from '../../../core/secrets';
import { type CarrierAccount, type CarrierCode, isCarrierCode } from './index';
import { SANDBOX_CARRIER, SANDBOX_OFF } from './sandbox';

/**
 * A forwarder's carrier account as stored in forwarders.credentials: the API key sealed beside its hint (••••1234),
 * the service to buy and the sender's address (not secret).
 */
export interface StoredCarrierCredentials {
  apiKey?: string;
  apiKeyHint?: string;
  service?: string;
  sender?: Partial<CarrierSender>;
}

type ForwarderRow = typeof forwarders.$inferSelect;
type SaveInput = z.output<typeof ForwarderSaveBody>;

const EMPTY_SENDER: CarrierSender = { name: '', company: '', street1: '', street2: '', city: '', state: '', zip: '', country: '', phone: '' };
export const credentialsOf = (row: Pick<ForwarderRow, 'credentials'>) => (row.credentials ?? {}) as StoredCarrierCredentials;
const hintOf = (plain: string) => `••••${plain.slice(-4)}`;

/** What staff see of a forwarder's carrier account: never the key. */
export function carrierView(row: ForwarderRow) {
  const c = credentialsOf(row);
  return {
    carrier: (isCarrierCode(row.carrier) ? row.carrier : '') as ForwarderCarrier,
    apiBase: row.apiBase,
    apiKeyHint: c.apiKeyHint ?? '',
    carrierService: c.service ?? '',
    sender: { ...EMPTY_SENDER, ...c.sender },
  };
}

/** The audit trail's view of the credentials: the hint, never the sealed key. */
export const auditedCarrier = (row: ForwarderRow) => ({ ...row, credentials: { ...credentialsOf(row), apiKey: credentialsOf(row).apiKeyHint ?? '' } });

/**
 * The columns a save writes for the carrier account: the key sealed (an empty one keeps the stored key of the same
 * carrier); a carrier needs its key and a full sender address. No carrier: nothing is kept. The demo carrier needs no
 * key and is refused where the server does not allow it (`sandboxOn`).
 */
export function carrierColumns(secrets: SecretBox, input: SaveInput, before: ForwarderRow | undefined, sandboxOn = false) {
  const { carrier, apiBase, apiKey, carrierService, sender } = input;
  if (!carrier) return { carrier: '', apiBase: '', credentials: {} };
  if (carrier === SANDBOX_CARRIER && !sandboxOn) throw invalid('carrier', SANDBOX_OFF);
  const missing = (['name', 'street1', 'city', 'zip', 'country'] as const).filter((k) => !sender[k]);
  if (carrier === SANDBOX_CARRIER) {
    if (missing.length) throw invalid('sender', '请填写完整的发件地址（姓名、街道、城市、邮编、国家）');
    return { carrier, apiBase: '', credentials: { service: carrierService, sender } satisfies StoredCarrierCredentials };
  }
  const kept = before && before.carrier === carrier ? credentialsOf(before) : {};
  if (!apiKey && !kept.apiKey) throw invalid('apiKey', '请输入承运商 API key');
  if (missing.length) throw invalid('sender', '请填写完整的发件地址（姓名、街道、城市、邮编、国家）');
  const credentials: StoredCarrierCredentials = {
    apiKey: apiKey ? secrets.seal(apiKey) : kept.apiKey,
    apiKeyHint: apiKey ? hintOf(apiKey) : kept.apiKeyHint,
    service: carrierService,
    sender,
  };
  return { carrier, apiBase, credentials };
}

/** The carrier account of a forwarder, its key opened; null when the forwarder has none. */
export async function carrierAccountOf(
  db: Db,
  secrets: SecretBox,
  forwarderId: number | null,
): Promise<{ forwarderId: number; carrier: CarrierCode; account: CarrierAccount } | null> {
  if (forwarderId === null) return null;
  const [row] = await db.select().from(forwarders).where(eq(forwarders.id, forwarderId)).limit(1);
  if (!row || !isCarrierCode(row.carrier)) return null;
  const c = credentialsOf(row);
  // The demo carrier calls nobody: it has no key.
  if (!c.apiKey && row.carrier !== SANDBOX_CARRIER) return null;
  return {
    forwarderId: row.id,
    carrier: row.carrier,
    account: { apiKey: c.apiKey ? secrets.open(c.apiKey) : '', apiBase: row.apiBase, service: c.service ?? '', from: { ...EMPTY_SENDER, ...c.sender } },
  };
}
