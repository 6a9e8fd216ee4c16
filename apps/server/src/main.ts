import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { connectDatabase, migrateToLatest } from './db/connect.ts';
import { seedDemo } from './modules/demo/demo.service.ts';

const SHUTDOWN_GRACE_MS = 10_000;

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
  async function shutdown(signal: string): Promise<void> {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forced.unref();
    // close() ends live-event streams and waits for running jobs before the database goes.
    await app.close();
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
  await app.jobs.start();
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
