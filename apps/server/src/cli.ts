import { runCli } from './cli/run-cli.ts';
import { describeDatabase, openConfiguredApp } from './cli/open-app.ts';
import { ConfigError, loadConfig } from './config/env.ts';

/** The operator's command line: `npm run kuvert -- <command>`. */
const CREATE_FLAG = '--create-database';

const io = {
  out: (text: string) => console.log(text),
  error: (text: string) => console.error(text),
};

try {
  const config = loadConfig();
  const argv = process.argv.slice(2);
  const mayCreate = argv.includes(CREATE_FLAG);
  process.exitCode = await runCli(
    argv.filter((word) => word !== CREATE_FLAG),
    io,
    async () => {
      // On stderr, so that what a command prints on stdout stays fit for a script.
      io.error(`Database: ${describeDatabase(config)}`);
      return openConfiguredApp(config, { mayCreate });
    },
  );
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
