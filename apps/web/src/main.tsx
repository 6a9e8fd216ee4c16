import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/provider.tsx';
import { createAppRouter } from './app/router.tsx';
import { startApp } from './app/start-app.ts';
import { env } from './config/env.ts';
import { configureHttp } from './lib/http.ts';
import type { Language } from '@kuvert/shared/auth';
import { detectLanguage, getLanguage, initI18n } from './lib/i18n.ts';
import { prepareFormats } from './lib/intl-format.ts';
import { isLoggedIn } from './lib/session.ts';
import { readStorage, storageKeys } from './lib/storage.ts';

const container = document.getElementById('root');
const mounted: { root?: Root } = {};

function requireRoot(): Root {
  if (mounted.root === undefined) throw new Error('Global components are not mounted');
  return mounted.root;
}

void startApp({
  setUpLanguage: initI18n,
  setUpHttpClient: () => configureHttp({ baseUrl: env.apiBaseUrl }),
  mountGlobalComponents: () => {
    if (container === null) throw new Error('No #root element in index.html');
    const root = createRoot(container);
    mounted.root = root;
    // Rendered as transitions: React may split the work and let the browser paint between.
    startTransition(() => root.render(<AppProviders />));
  },
  renderRouter: () => {
    const router = createAppRouter();
    const root = requireRoot();
    startTransition(() =>
      root.render(
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>,
      ),
    );
  },
}).then((isStarted) => {
  if (!isStarted) {
    if (container !== null) showStartFailure(container);
    return;
  }
  // The portal lists dates and amounts: its formatters are built while its data loads.
  if (isLoggedIn()) prepareFormats(getLanguage());
});

/** Here, not in the locale files: whatever failed may be the loading of those. */
const startFailureMessages: Record<Language, string> = {
  en: 'Kuvert could not start. Please reload the page.',
  de: 'Kuvert konnte nicht starten. Bitte laden Sie die Seite neu.',
  sv: 'Kuvert kunde inte starta. Ladda om sidan.',
  da: 'Kuvert kunne ikke starte. Genindlæs siden.',
  nb: 'Kuvert kunne ikke starte. Last inn siden på nytt.',
};

// Plain DOM on purpose: whatever failed (React, i18n) must not be needed to say so.
function showStartFailure(element: HTMLElement): void {
  const language = detectLanguage(readStorage(storageKeys.language), navigator.languages);
  const message = document.createElement('p');
  message.style.cssText = 'font-family: system-ui, sans-serif; padding: 2rem; max-width: 36rem;';
  message.lang = language;
  message.textContent = startFailureMessages[language];
  element.replaceChildren(message);
}
