import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../test/helper.ts';
import { runCli, type CliIo } from './run-cli.ts';

const keyIn = (lines: string[]) => /kuv_live_[A-Za-z0-9_-]{43}/.exec(lines.join('\n'))?.[0] ?? '';

describe.each(testEngines)('kuvert provider commands (%s)', (engine) => {
  let t: TestApp;
  let out: string[];
  const io: CliIo = { out: (text) => out.push(text), error: (text) => out.push(text) };
  const openApp = async () => ({ app: t.app, close: async () => {} });
  const status = (key: string) =>
    t.app.inject({ url: '/api/sender/v1/webhook', headers: { authorization: `Bearer ${key}` } });

  beforeEach(async () => {
    t = await createTestApp(engine);
    out = [];
  });
  afterEach(async () => t.close());

  it('creates a provider with a logo, prints the key once, rotates, revokes and lists', async () => {
    const logo = path.join(t.config.dataDir, 'logo.svg');
    writeFileSync(
      logo,
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
    );
    const args = [
      'provider',
      'create',
      'Nordbank',
      '--category',
      'bank',
      '--webhook-url',
      'https://hooks.example.com/k',
      '--logo',
      logo,
    ];
    expect(await runCli(args, io, openApp)).toBe(0);
    const key = keyIn(out);
    const id = /id:\s+(\S+)/.exec(out.join('\n'))?.[1] ?? '';
    expect(out.join('\n')).toMatch(/webhook secret: +\S{43}/);
    expect((await status(key)).json().url).toBe('https://hooks.example.com/k');

    out = [];
    expect(await runCli(['provider', 'rotate-key', id], io, openApp)).toBe(0);
    const rotated = keyIn(out);
    expect((await status(key)).statusCode).toBe(401);
    expect((await status(rotated)).statusCode).toBe(200);

    out = [];
    expect(await runCli(['provider', 'revoke-key', id], io, openApp)).toBe(0);
    expect((await status(rotated)).statusCode).toBe(401);

    out = [];
    expect(await runCli(['provider', 'list'], io, openApp)).toBe(0);
    expect(out.join('\n')).toContain(`${id}  Nordbank  (bank, 0 live keys)`);
    expect(await runCli(['provider', 'create', 'X', '--category', 'nope'], io, openApp)).toBe(2);
    expect(await runCli(['provider', 'rotate-key', 'no-such-id'], io, openApp)).toBe(1);
  });
});
