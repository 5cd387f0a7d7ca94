import type { Db } from '../db';
import { ensureSuperAdmin, seedRoles, seedVerification } from '../seed/base';
import { seedDemo } from '../seed/demo';

export const TEST_ADMIN = { username: 'admin', password: 'admin12345' };

/** What every test database starts with: the seed roles, the super admin (verifier of every sensitive operation) and the demo staff and members. */
export async function seedTemplate(db: Db): Promise<void> {
  const now = new Date();
  await seedRoles(db, now);
  await ensureSuperAdmin(db, TEST_ADMIN.username, TEST_ADMIN.password, now);
  await seedVerification(db, TEST_ADMIN.username, now);
  await seedDemo(db, now);
}
