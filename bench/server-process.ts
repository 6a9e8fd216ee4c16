import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  /** The web process, to read its memory. */
  pid: number;
  /** Its DATA_DIR, where the command line finds the same database. */
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts the real server on a scratch data folder and waits until it answers. */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const url = `http://localhost:${port}`;
  const isTaken = await fetch(`${url}/api/health`).then(
    () => true,
    () => false,
  );
  if (isTaken) throw new Error(`port ${port} is in use; stop whatever listens there first`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kuvert-bench-'));
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'apps/server/src/main.ts')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (child.pid === undefined) throw new Error('the server process has no pid');
  return {
    url,
    pid: child.pid,
    dataDir,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo login that `npm start` prints on an empty database. */
export function parseDemoLogin(output: string): { email: string; password: string } {
  const match = /e-mail: (\S+)\s+password: (\S+)/.exec(output);
  if (!match?.[1] || !match[2]) throw new Error(`no demo login in the server output:\n${output}`);
  return { email: match[1], password: match[2] };
}
