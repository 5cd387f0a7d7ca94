import { buildApp } from './app';
import { type AppConfig, ConfigError, configFromEnv, demoExposure } from './config';
import { DataDirLockedError } from './db';
import { watchBackupRequests } from './modules/backup/requests';
import { settleDeadRuns } from './modules/backup/runs';
import { backupDepsOf } from './modules/backup/service';

let config: AppConfig;
try {
  config = configFromEnv();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`Refusing to start: ${err.message}`);
  process.exit(2);
}
const started = Date.now();
const exposure = demoExposure(config);
if (exposure === 'refuse') {
  console.error(
    `Refusing to start: demo mode (DEMO, on by default with the embedded database) would listen on ${config.host}, where others can reach it, ` +
      'and the demo staff passwords are published. Use HOST=127.0.0.1, or DEMO=0 for real use, or DEMO_PUBLIC=1 if a public demo is really meant.',
  );
  process.exit(2);
}
if (exposure === 'warn') {
  const line = '!'.repeat(100);
  console.warn(
    `${line}\n!! PUBLIC DEMO: demo mode on ${config.host}:${config.port} (DEMO_PUBLIC=1). Anyone who can reach it can log in with the published demo passwords.\n${line}`,
  );
}
try {
  const { app, database, generatedAdminPassword, jobs, events, lifecycle } = await buildApp(config);
  await database.openConnections?.();
  await app.listen({ port: config.port, host: config.host });
  // A backup left "running" by this server's previous process (killed mid-backup) is over: failed, its work folder gone.
  await settleDeadRuns(database.db, backupDepsOf(config, database.kind), config.now()).catch((err) => app.log.error({ err }, 'backup runs'));
  // Scheduled work (marketing's coupons, the daily backup, the monthly archiving); jobs are leased in the database.
  jobs.start({ log: (err) => app.log.error({ err }, 'job runner') });
  // Events out: webhooks and member notifications, fanned out within about a second of the change.
  events.start({ log: (err) => app.log.error({ err }, 'events pump') });
  // `npm run backup` while this server holds the embedded database: it asks through the backups folder.
  const backupRequests = database.kind === 'pglite' ? watchBackupRequests(database.db, backupDepsOf(config, 'pglite'), config) : null;
  const where = database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL server';
  console.log(`Waystation is ready on http://localhost:${config.port} (${where}, ${Date.now() - started} ms)`);
  if (generatedAdminPassword) {
    console.log(`First start: super admin "${config.adminUsername}" created with password: ${generatedAdminPassword}`);
    console.log('It is shown only this once: log in and change it under Profile.');
    console.log(
      'Recommended: a second login step for staff — add an authenticator app under 个人中心 (Profile), then switch on 管理员登录 under 系统管理 › 敏感操作验证.',
    );
  }
  if (config.demo) console.log('Demo data is on: demo staff log in with password demo12345 (warehouse1, purchaser1, finance1, cs1, marketing1, ops1).');
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Not ready from now on (a load balancer stops sending); requests already in flight are answered before the exit.
    lifecycle.shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing the requests in flight');
    // Within the 30 s an orchestrator gives between SIGTERM and SIGKILL (Kubernetes' default), closing the database included.
    const force = setTimeout(() => {
      console.error('Shutdown took over 25 s: exiting without finishing');
      process.exit(1);
    }, 25_000);
    force.unref();
    await jobs.stop();
    backupRequests?.stop();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
}
