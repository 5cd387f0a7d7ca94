import path from 'node:path';
import { currentKey, KEY_FILE, keyIdOf, readKeyFile } from '../../core/secrets';
import { BackupRefused, type Manifest } from './archive';

/**
 * The key sealed values need after a restore. An archive never holds the key (whoever gets the archive would get the
 * secrets too): its manifest names the key's id, and the restore makes sure the restored server will seal and open
 * with that key — SECRET_KEY as set, the data directory's secret.key, or the old one given with --key-file — before
 * it writes anything. Without it the restore refuses, saying how to give it, unless --new-key accepts that the sealed
 * values cannot be read any more.
 */
export interface KeyPlan {
  /** A key file to write into the data directory once the restore has succeeded. */
  install: Buffer | null;
  /** What to tell the operator. */
  notes: string[];
}

export function restoreKeyPlan(
  manifest: Manifest,
  config: { secretKey?: string; dataDir: string },
  o: { keyFile?: string; newKey?: boolean; force?: boolean },
): KeyPlan {
  if (o.keyFile && config.secretKey)
    throw new BackupRefused('SECRET_KEY is set, so the server seals with it and not with a key file: give one of SECRET_KEY and --key-file, not both.');
  let given: { key: Buffer; id: string } | null = null;
  if (o.keyFile) {
    try {
      const key = readKeyFile(path.resolve(o.keyFile));
      given = { key, id: keyIdOf(key) };
    } catch (err) {
      throw new BackupRefused(`--key-file ${o.keyFile}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
    }
  }
  const here = currentKey(config);
  const ownFile = path.join(config.dataDir, KEY_FILE);
  if (given && here && here.id !== given.id && !o.force)
    throw new BackupRefused(`${ownFile} already holds another key (id ${here.id}): move it away, or add --force to replace it with ${o.keyFile}.`);
  const install = given && here?.id !== given.id ? given.key : null;

  const need = manifest.secretKey;
  if (!need) {
    const notes = ['This archive does not name the key of its sealed secrets (it is older than that record).'];
    if (!given && !config.secretKey)
      notes.push(`If the server it came from had a ${KEY_FILE} (or SECRET_KEY), give it the same one (--key-file), or its sealed secrets cannot be read.`);
    return { install, notes };
  }
  if (!need.sealedRows || !need.id) return { install, notes: [] };
  const rows = `${need.sealedRows} ${need.sealedRows === 1 ? 'row' : 'rows'}`;
  const usable = given ?? here;
  if (usable?.id === need.id)
    return {
      install,
      notes: [`Sealed secrets (${rows}): key ${need.id} from ${given ? o.keyFile : here!.from}, the one they were sealed with.`],
    };
  const what = `This backup holds ${rows} with sealed secrets (authenticator seeds, notification and webhook secrets, …). They open only with the key they were sealed with (key id ${need.id}), which a backup never contains.`;
  if (o.newKey)
    return {
      install,
      notes: [
        `${what} Restoring with --new-key: this server cannot read them; each one answers 40900 (a stored secret cannot be decrypted) until it is entered again, and staff with an authenticator app set it up again.`,
      ],
    };
  const found = given
    ? `${o.keyFile} holds another key (id ${given.id}).`
    : here
      ? `${here.from} is another key (id ${here.id}).`
      : `No key was given, and ${ownFile} does not exist.`;
  throw new BackupRefused(
    [
      what,
      found,
      `Give the key it was taken with: npm run restore -- <archive> --key-file <the old data directory>/${KEY_FILE} (or set SECRET_KEY as the old server had it).`,
      'Without it: add --new-key to restore anyway with a new key; the sealed secrets then cannot be read and must be entered again.',
    ].join('\n  '),
  );
}
