import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { connectDatabase, migrateToLatest } from './db/connect.ts';
import { seedDemo } from './modules/demo/demo.service.ts';
import { drainApp } from './plugins/drain.ts';

/** Beyond the grace: the time the app's own close and the database's may take. */
const SHUTDOWN_MARGIN_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(handle);
  const app = await buildApp({ config, db: handle.db, engine: handle.engine });

  if (config.isDemoEnabled) {
    const demo = await seedDemo(app);
    if (demo) {
      console.log(`\n  Demo account created — e-mail: ${demo.email}  password: ${demo.password}\n`);
    }
  }

  let isShuttingDown = false;
  // The job worker's start (scheduling each periodic job's period) runs against the database:
  // a SIGTERM right after listen waits for it, or the drain would close the database under it.
  let startingJobs: Promise<void> | undefined;
  async function shutdown(signal: string): Promise<void> {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    // The drain cuts off what is left when the grace runs out; this is for a drain that hangs.
    const forced = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownGraceMs + SHUTDOWN_MARGIN_MS);
    forced.unref();
    await startingJobs?.catch(() => undefined);
    // Not ready at once, no new connections, requests and jobs finish (or are cut off and
    // handed back after the grace), live streams told to reconnect elsewhere: drain.ts.
    await drainApp(app, { graceMs: config.shutdownGraceMs });
    await handle.db.destroy();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => `listening on ${address}`,
  });
  // A SIGTERM during the start has begun draining: the worker must not start behind it.
  if (isShuttingDown) return;
  startingJobs = app.jobs.start();
  await startingJobs;
  console.log(`\n  Open Kuvert at ${config.publicUrl}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Kuvert failed to start:', error);
  }
  process.exit(1);
});
