import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT, serverEnvironment } from './environment.ts';

interface CommandResult {
  id: number;
  code: number;
  out: string;
  error: string;
}

let session: ChildProcess | undefined;
let nextId = 0;
const waiting = new Map<number, (result: CommandResult) => void>();

/** One operator session per test worker (apps/server/src/test/cli-session.ts). */
function startSession(): ChildProcess {
  const child = fork(path.join(REPO_ROOT, 'apps/server/src/test/cli-session.ts'), [], {
    env: { ...process.env, ...serverEnvironment() },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', (result: CommandResult) => {
    waiting.get(result.id)?.(result);
    waiting.delete(result.id);
  });
  child.on('exit', () => {
    session = undefined;
    for (const [id, settle] of waiting) settle({ id, code: 1, out: '', error: 'session ended' });
    waiting.clear();
  });
  // Idle, it keeps nothing alive: the worker may end, and the session with it.
  child.unref();
  child.channel?.unref();
  return child;
}

/**
 * Runs `kuvert <args>` as an operator would and answers what it printed; throws, with the
 * error output, when the command fails.
 */
export async function runKuvert(args: string[]): Promise<string> {
  session ??= startSession();
  const id = nextId++;
  const child = session;
  const result = await new Promise<CommandResult>((resolve) => {
    waiting.set(id, resolve);
    child.channel?.ref();
    child.send({ id, argv: args });
  }).finally(() => {
    if (waiting.size === 0) child.channel?.unref();
  });
  if (result.code !== 0) {
    throw new Error(`kuvert ${args.join(' ')} failed (${result.code}):\n${result.error}`);
  }
  return result.out;
}
