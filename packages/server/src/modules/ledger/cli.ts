// npm run check:ledger — proves the ledger invariant on the configured database (DATABASE_URL, else the PGlite
// in DATA_DIR): every balance equals the sum of its ledger rows and every row's balance-after its running sum.
// Exit code 1 when anything is off. The PGlite directory must not be open by a running server.
import { configFromEnv } from '../../config';
import { openPglite, openPostgres } from '../../db';
import { checkLedger } from './service';

const cfg = configFromEnv(process.env);
const database = cfg.databaseUrl ? await openPostgres(cfg.databaseUrl, { migrate: false, max: 1 }) : await openPglite(cfg.dataDir);
try {
  const r = await checkLedger(database.db);
  const where = cfg.databaseUrl ? cfg.databaseUrl.replace(/\/\/[^@/]*@/, '//***@') : cfg.dataDir;
  console.log(`ledger check on ${database.kind} (${where})`);
  console.log(`  accounts ${r.accounts}, ledger rows ${r.entries}, ${r.ms} ms`);
  console.log(`  balance ≠ ledger sum: ${r.balanceMismatches.length}`);
  for (const m of r.balanceMismatches.slice(0, 20)) console.log(`    account ${m.accountId}: balance ${m.balance}, ledger sum ${m.ledgerSum}`);
  console.log(`  balance-after ≠ running sum: ${r.runningMismatches}`);
  console.log(`  rows not matching their account: ${r.orphanEntries}`);
  const bad = r.balanceMismatches.length + r.runningMismatches + r.orphanEntries;
  console.log(bad ? `FAILED: ${bad} mismatches` : 'OK: 0 mismatches');
  process.exitCode = bad ? 1 : 0;
} finally {
  await database.close();
}
