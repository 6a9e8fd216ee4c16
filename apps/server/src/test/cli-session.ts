import { openConfiguredApp } from '../cli/open-app.ts';
import { runCli, type OpenedApp } from '../cli/run-cli.ts';
import { loadConfig } from '../config/env.ts';

/**
 * The operator's command line for the browser tests, kept open between commands: each
 * journey makes its users and providers with `kuvert …` commands, and starting Node and
 * loading the server for every one of them cost about a second of CPU each. Started by
 * apps/web/e2e/support/kuvert-cli.ts with an IPC channel; it takes `{ id, argv }` messages,
 * runs each through the same runCli as cli.ts (one at a time, like an operator typing), and
 * answers `{ id, code, out, error }`. It ends when the test worker that started it does.
 */
interface CommandMessage {
  id: number;
  argv: string[];
}

/** The server of the journeys made the database already; a command may still start one. */
function openApp(): Promise<OpenedApp> {
  return openConfiguredApp(loadConfig(), { mayCreate: true });
}

let opened: Promise<OpenedApp> | undefined;
/** The app stays open for the next command; the session closes it when it ends. */
const keepOpen = async (): Promise<OpenedApp> => {
  opened ??= openApp();
  const { app } = await opened;
  return { app, close: async () => {} };
};

let queue: Promise<void> = Promise.resolve();

process.on('message', (message: CommandMessage) => {
  queue = queue.then(async () => {
    const out: string[] = [];
    const error: string[] = [];
    const io = { out: (text: string) => out.push(text), error: (text: string) => error.push(text) };
    let code: number;
    try {
      code = await runCli(message.argv, io, keepOpen);
    } catch (thrown) {
      error.push(thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown));
      code = 1;
    }
    process.send?.({ id: message.id, code, out: out.join('\n'), error: error.join('\n') });
  });
});

process.on('disconnect', () => {
  void queue
    .then(async () => (opened ? (await opened).close() : undefined))
    .finally(() => process.exit(0));
});
