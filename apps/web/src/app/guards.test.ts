import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserRouter } from 'react-router';
import type { DataRouter } from 'react-router';
import { paths } from '../config/paths.ts';
import { storageKeys } from '../lib/storage.ts';
import { fillOutWhenLoggedIn } from './guards.ts';

const publicLink = paths.formFillOut('provider-1', 'form-1');
const portalPage = paths.formAdd('provider-1', 'form-1');

let router: DataRouter | null = null;

/** The browser's address bar and history, with the public route as the router has it. */
async function openAt(address: string): Promise<DataRouter> {
  window.history.replaceState(null, '', address);
  router = createBrowserRouter([
    { path: '/', element: null },
    {
      path: 'forms/search/by-provider/:providerId/fill-out/:formId',
      loader: fillOutWhenLoggedIn,
      element: null,
    },
    { path: 'forms/my/:tenant/:source/add', element: null },
  ]);
  await waitUntilIdle(router);
  return router;
}

async function waitUntilIdle(current: DataRouter): Promise<void> {
  if (current.state.initialized && current.state.navigation.state === 'idle') return;
  await new Promise<void>((resolve) => {
    const unsubscribe = current.subscribe((state) => {
      if (!state.initialized || state.navigation.state !== 'idle') return;
      unsubscribe();
      resolve();
    });
  });
}

function logIn() {
  localStorage.setItem(storageKeys.loginExpiry, new Date(Date.now() + 60_000).toISOString());
}

afterEach(() => {
  router?.dispose();
  router = null;
  localStorage.clear();
});

describe('the public link of a form', () => {
  it('stays the public page for a visitor without a login', async () => {
    await openAt(publicLink);
    expect(window.location.pathname).toBe(publicLink);
  });

  it('stays the public page once the session has run out', async () => {
    localStorage.setItem(storageKeys.loginExpiry, new Date(Date.now() - 1).toISOString());
    await openAt(publicLink);
    expect(window.location.pathname).toBe(publicLink);
  });

  it('opened with a session, becomes the same form in the portal in place of the public address', async () => {
    logIn();
    const entries = window.history.length;
    await openAt(publicLink);
    expect(window.location.pathname).toBe(portalPage);
    // Back leaves for where the person came from, not into the redirect again.
    expect(window.history.length).toBe(entries);
  });

  it('reached by a link in the app, adds the portal page as any link does', async () => {
    logIn();
    const current = await openAt('/');
    const entries = window.history.length;
    await current.navigate(publicLink);
    expect(window.location.pathname).toBe(portalPage);
    expect(window.history.length).toBe(entries + 1);
    // Back returns to the page the link was on.
    window.history.back();
    await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    await waitUntilIdle(current);
    expect(window.location.pathname).toBe('/');
  });
});
