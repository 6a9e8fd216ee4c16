import { buildApp } from './app.ts';
import { runCli, type OpenedApp } from './cli/run-cli.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { connectDatabase, migrateToLatest } from './db/connect.ts';

/** The operator's command line: `npm run kuvert -- <command>`. */
async function openApp(): Promise<OpenedApp> {
  const config = loadConfig();
  const handle = connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(handle);
  const app = await buildApp({
    config,
    db: handle.db,
    engine: handle.engine,
    logger: { level: 'warn' },
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await handle.db.destroy();
    },
  };
}

const io = {
  out: (text: string) => console.log(text),
  error: (text: string) => console.error(text),
};

try {
  process.exitCode = await runCli(process.argv.slice(2), io, openApp);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
