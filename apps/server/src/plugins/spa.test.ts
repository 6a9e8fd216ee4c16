import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';

describe('single-page app serving', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'kuvert-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Kuvert</title>');
    writeFileSync(path.join(dist, 'assets', 'x.js'), 'console.log("x")');
    t = await createTestApp('sqlite', { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers a client-side route with index.html, never cached', async () => {
    const response = await t.app.inject({ url: '/inbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<title>Kuvert</title>');
    const nested = await t.app.inject({ url: '/files/file/123/items/create?x=1' });
    expect(nested.body).toContain('<title>Kuvert</title>');
  });

  it('answers the home page itself with index.html', async () => {
    const response = await t.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<title>Kuvert</title>');
  });

  it('caches hashed assets forever', async () => {
    const response = await t.app.inject({ url: '/assets/x.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('console.log("x")');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers a missing asset or file with 404, not with index.html', async () => {
    for (const url of ['/assets/missing.js', '/favicon.ico']) {
      const response = await t.app.inject({ url });
      const isIndex = response.body.includes('<title>Kuvert</title>');
      expect({ url, status: response.statusCode, isIndex }).toEqual({
        url,
        status: 404,
        isIndex: false,
      });
    }
  });
});
