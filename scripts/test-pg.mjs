// npm run test:pg: the whole suite, run as npm test runs it (scripts/test.mjs), against the PostgreSQL server in
// DATABASE_URL (default: this machine's, database test).
import { spawnSync } from 'node:child_process';

const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' };
console.log(`Running the tests on PostgreSQL: ${env.DATABASE_URL.replace(/\/\/[^@]*@/, '//…@')}`);
const run = spawnSync(process.execPath, [`${import.meta.dirname}/test.mjs`, ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
