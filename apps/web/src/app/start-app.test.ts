import { describe, expect, it, vi } from 'vitest';
import { startApp } from './start-app.ts';

describe('startApp', () => {
  it('runs language, HTTP client, global components and router in this order', async () => {
    const calls: string[] = [];
    const isStarted = await startApp({
      setUpLanguage: async () => {
        await Promise.resolve();
        calls.push('language');
      },
      setUpHttpClient: () => void calls.push('http'),
      mountGlobalComponents: () => void calls.push('global components'),
      renderRouter: () => void calls.push('router'),
    });
    expect(isStarted).toBe(true);
    expect(calls).toEqual(['language', 'http', 'global components', 'router']);
  });

  it('logs a failing step to the console and stops there', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('no translations');
    const renderRouter = vi.fn<() => void>();
    const isStarted = await startApp({
      setUpLanguage: () => {},
      setUpHttpClient: () => {
        throw failure;
      },
      mountGlobalComponents: () => {},
      renderRouter,
    });
    expect(isStarted).toBe(false);
    expect(renderRouter).not.toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), failure);
  });

  it('logs a rejected asynchronous step too', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await startApp({
      setUpLanguage: () => Promise.reject(new Error('offline')),
      setUpHttpClient: () => {},
      mountGlobalComponents: () => {},
      renderRouter: () => {},
    });
    expect(consoleError).toHaveBeenCalledTimes(1);
  });
});
