import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, t=2): ~20 ms a hash on these machines.
export const hashPassword = (plain: string) => hash(plain);

// Verifying against a fixed hash when the account does not exist keeps the timing of "no such user" and "wrong password" alike.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(stored: string | undefined, plain: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('not-a-real-password-0');
    await verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  return verify(stored, plain).catch(() => false);
}
