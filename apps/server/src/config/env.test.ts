import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('configuration', () => {
  it('starts with no variables at all, on defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      isHttps: false,
      databaseUrl: undefined,
      smtpUrl: undefined,
      trustProxy: [],
      sessionIdleSeconds: 30 * 60,
      sessionAbsoluteSeconds: 12 * 3600,
      loginWindowSeconds: 15 * 60,
      isDemoEnabled: true,
      timeZone: 'Europe/Berlin',
    });
    expect(config.dataDir).toBe(path.resolve(import.meta.dirname, '../../../../data'));
  });

  it('opens the same data folder from any working directory', () => {
    // `npm start` runs the server inside apps/server, `npm run kuvert` from the checkout.
    const checkout = path.resolve(import.meta.dirname, '../../../..');
    const fromServer = loadConfig({ INIT_CWD: path.join(checkout, 'apps/server') });
    const fromCheckout = loadConfig({});
    expect(fromServer.dataDir).toBe(fromCheckout.dataDir);
    // A relative DATA_DIR is read from where npm was started, not from the workspace folder.
    expect(loadConfig({ DATA_DIR: 'mine', INIT_CWD: '/srv/kuvert' }).dataDir).toBe(
      '/srv/kuvert/mine',
    );
    expect(loadConfig({ DATA_DIR: '/var/lib/kuvert' }).dataDir).toBe('/var/lib/kuvert');
  });

  it('reads the variables an operator sets', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://post.example.com/',
      DATABASE_URL: 'postgres://kuvert@db/kuvert',
      SMTP_URL: '',
      TRUST_PROXY: '10.0.0.1, 10.0.0.0/8 ,',
      SESSION_IDLE_MINUTES: '15',
      KUVERT_DEMO: 'no',
      TIME_ZONE: 'America/New_York',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://post.example.com',
      isHttps: true,
      databaseUrl: 'postgres://kuvert@db/kuvert',
      smtpUrl: undefined,
      trustProxy: ['10.0.0.1', '10.0.0.0/8'],
      sessionIdleSeconds: 900,
      isDemoEnabled: false,
      timeZone: 'America/New_York',
    });
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        PUBLIC_URL: 'not a url',
        SESSION_IDLE_MINUTES: '0',
        KUVERT_DEMO: 'maybe',
        LOG_LEVEL: 'loud',
        TIME_ZONE: 'Mars/Olympus_Mons',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = error instanceof Error ? error.message : '';
    for (const name of [
      'PORT',
      'PUBLIC_URL',
      'SESSION_IDLE_MINUTES',
      'KUVERT_DEMO',
      'LOG_LEVEL',
      'TIME_ZONE',
    ]) {
      expect(message).toContain(name);
    }
    expect(error instanceof ConfigError ? error.problems : []).toHaveLength(6);
  });
});
