import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const CLI = path.resolve(import.meta.dirname, '../cli.ts');
const run = promisify(execFile);

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The real `kuvert` command as an operator starts it, from `folder`, with only `env` set. */
async function kuvert(folder: string, args: string[], env: Record<string, string>) {
  const environment = { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env };
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      cwd: folder,
      env: environment,
    });
    return { code: 0, stdout, stderr } satisfies CliRun;
  } catch (error) {
    if (error instanceof Error && 'code' in error && typeof error.code === 'number') {
      const output = { stdout: '', stderr: '', ...error };
      return { code: error.code, stdout: String(output.stdout), stderr: String(output.stderr) };
    }
    throw error;
  }
}

describe('the kuvert command line and its database', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'kuvert-cli-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('refuses to make up an empty database where the configuration points at none', async () => {
    const result = await kuvert(folder, ['provider', 'list'], { DATA_DIR: 'data' });

    expect(result.code).toBe(1);
    const expected = path.join(folder, 'data', 'kuvert.sqlite');
    expect(result.stderr).toContain(`There is no Kuvert database at ${expected}`);
    expect(result.stderr).toContain('--create-database');
    expect(result.stdout).not.toContain('No providers yet');
    expect(existsSync(expected)).toBe(false);
  });

  it('starts an empty database when asked to, and names the database it opened', async () => {
    const created = await kuvert(folder, ['provider', 'list', '--create-database'], {
      DATA_DIR: 'data',
    });
    expect(created.code).toBe(0);
    const database = path.join(folder, 'data', 'kuvert.sqlite');
    expect(created.stderr).toContain(`Database: ${database}`);
    expect(existsSync(database)).toBe(true);

    const again = await kuvert(folder, ['provider', 'list'], { DATA_DIR: 'data' });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`Database: ${database}`);
  });
});
