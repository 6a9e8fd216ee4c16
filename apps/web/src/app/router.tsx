import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { RouteErrorPage } from '../components/errors/route-error-page.tsx';
import { loadAuthContract } from '../lib/contract.ts';
import { PageLoadError } from '../lib/errors.ts';
import { loadTranslations } from '../lib/i18n.ts';
import { fillOutWhenLoggedIn, requireLogin } from './guards.ts';
import { RootLayout } from './root-layout.tsx';

function BlankPage() {
  return null;
}

/**
 * A layout of the portal arrives together with the portal's strings. The shared contract
 * (zod schemas, built when imported) is asked for on its own as well: it is then evaluated
 * as soon as it is there, apart from the portal's code, not in one long task with it.
 */
async function withAppStrings<Module>(module: Promise<Module>): Promise<Module> {
  const [loaded] = await Promise.all([module, loadTranslations('app'), loadAuthContract()]);
  return loaded;
}

/** Filling out a form needs the strings of forms (a part of their own, see lib/i18n). */
async function withFormStrings<Module>(module: Promise<Module>): Promise<Module> {
  const [loaded] = await Promise.all([module, loadTranslations('forms')]);
  return loaded;
}

/**
 * A layout's pages fail inside it: a page that cannot load or render shows its error where
 * the page would be, and the header and navigation stay (a route's errorElement takes the
 * place of that route's element, so it sits on a route of its own below the layout).
 */
function withinLayout(children: RouteObject[]): RouteObject[] {
  return [{ errorElement: <RouteErrorPage withinLayout />, children }];
}

/** Waits before loading a chunk again while the browser says it is online. */
const CHUNK_RETRY_DELAYS_MS = [300, 1200];

/**
 * Loads a page's code; when it fails while the browser believes it is online (just back
 * online, the network not quite there yet), tries again a little later before giving up.
 */
async function loadWithRetries<T>(load: () => Promise<T>): Promise<T> {
  for (const delayMs of CHUNK_RETRY_DELAYS_MS) {
    try {
      return await load();
    } catch {
      if (!navigator.onLine) break;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
  return load();
}

/** A chunk that did not arrive is told apart from a page that broke: it can be retried. */
function markLoadFailures(routes: RouteObject[]): RouteObject[] {
  for (const route of routes) {
    const { lazy } = route;
    if (typeof lazy === 'function') {
      route.lazy = () =>
        loadWithRetries(lazy).catch((error: unknown) => {
          throw new PageLoadError(error);
        });
    }
    if (route.children) markLoadFailures(route.children);
  }
  return routes;
}

/** Every route and layout is its own chunk, loaded on demand (SPEC §2). */
export const routes: RouteObject[] = markLoadFailures([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // The first route chunks are tiny and near; a blank instant beats a flashing spinner.
    HydrateFallback: BlankPage,
    children: [
      {
        lazy: () => import('./layouts/login-layout.tsx'),
        children: withinLayout([
          { path: 'login', lazy: () => import('./routes/login.tsx') },
          {
            path: 'reset/password/:tokenBase64',
            lazy: () => import('./routes/reset-password.tsx'),
          },
          {
            path: 'verify/id_process_id/:data',
            lazy: () => import('./routes/verify-identity.tsx'),
          },
          { path: 'verify/email', lazy: () => import('./routes/verify-email.tsx') },
          {
            path: 'email-change/confirm',
            lazy: () => import('./routes/email-change-confirm.tsx'),
          },
          { path: 'email-change/cancel', lazy: () => import('./routes/email-change-cancel.tsx') },
          { path: 'invitation', lazy: () => import('./routes/invitation.tsx') },
          { path: 'onboarding', lazy: () => import('./routes/onboarding.tsx') },
        ]),
      },
      {
        id: 'authenticated',
        loader: requireLogin,
        // The guard runs on every navigation, not only when this branch is entered.
        shouldRevalidate: () => true,
        lazy: () => withAppStrings(import('./layouts/authenticated-outlet.tsx')),
        children: [
          {
            lazy: () => import('./layouts/main-layout.tsx'),
            children: withinLayout([
              { index: true, lazy: () => import('./routes/home.tsx') },
              { path: 'inbox', lazy: () => import('./routes/inbox.tsx') },
              {
                path: 'inbox/by-tenant/:id',
                lazy: () => import('./routes/inbox-by-provider.tsx'),
              },
              { path: 'outbox', lazy: () => import('./routes/outbox.tsx') },
              { path: 'invoice-tink', lazy: () => import('./routes/invoice-payment.tsx') },
              { path: 'folders', lazy: () => import('./routes/folders.tsx') },
              { path: 'folders/add', lazy: () => import('./routes/folder-add.tsx') },
              { path: 'folders/:id', lazy: () => import('./routes/folder.tsx') },
              { path: 'forms', lazy: () => import('./routes/forms.tsx') },
              { path: 'forms/my', lazy: () => import('./routes/forms-my.tsx') },
              {
                path: 'forms/my/:tenant/:source/add',
                lazy: () => withFormStrings(import('./routes/form-add.tsx')),
              },
              {
                path: 'forms/search/by-provider',
                lazy: () => import('./routes/forms-by-provider.tsx'),
              },
              {
                path: 'forms/search/by-usecase',
                lazy: () => import('./routes/forms-by-use-case.tsx'),
              },
              {
                path: 'forms/search/by-provider/:id',
                lazy: () => import('./routes/forms-provider.tsx'),
              },
              { path: 'uploads', lazy: () => import('./routes/uploads.tsx') },
              { path: 'files', lazy: () => import('./routes/files.tsx') },
              { path: 'files/create', lazy: () => import('./routes/file-create.tsx') },
              { path: 'files/file/:id', lazy: () => import('./routes/file.tsx') },
              {
                path: 'files/file/:id/items/create',
                lazy: () => import('./routes/file-item-create.tsx'),
              },
              {
                path: 'files/file/:id/items/:itemId',
                lazy: () => import('./routes/file-item.tsx'),
              },
              { path: 'trash', lazy: () => import('./routes/trash.tsx') },
              { path: 'profile', lazy: () => import('./routes/profile.tsx') },
              {
                path: 'profile/mailboxes',
                lazy: () => import('./routes/profile-mailboxes.tsx'),
              },
              {
                path: 'profile/delete-account',
                lazy: () => import('./routes/profile-delete-account.tsx'),
              },
              { path: 'address-book', lazy: () => import('./routes/address-book.tsx') },
              {
                path: 'address-book/create',
                lazy: () => import('./routes/contact-create.tsx'),
              },
              {
                path: 'address-book/edit/:id',
                lazy: () => import('./routes/contact-edit.tsx'),
              },
            ]),
          },
          {
            lazy: () => import('./layouts/plain-layout.tsx'),
            children: withinLayout([
              { path: 'open-invoices', lazy: () => import('./routes/open-invoices.tsx') },
              { path: 'unread-letters', lazy: () => import('./routes/unread-letters.tsx') },
              {
                path: 'open-signature-requests',
                lazy: () => import('./routes/open-signature-requests.tsx'),
              },
              { path: 'inbox/:id', lazy: () => import('./routes/letter.tsx') },
              { path: 'outbox/:id', lazy: () => import('./routes/sent-letter.tsx') },
              { path: 'outbox/compose', lazy: () => import('./routes/compose.tsx') },
              {
                path: 'outbox/compose-uploader',
                lazy: () => import('./routes/compose-uploader.tsx'),
              },
              { path: 'outbox/mail-merges', lazy: () => import('./routes/mail-merges.tsx') },
              {
                path: 'outbox/mail-merges/:id',
                lazy: () => import('./routes/mail-merge-report.tsx'),
              },
              { path: 'uploads/:id', lazy: () => import('./routes/upload.tsx') },
            ]),
          },
        ],
      },
      {
        // The public fill-out page is a first load for anonymous visitors with its own budget
        // (DESIGN §7): neither the portal's strings nor the zod contract, only forms' strings.
        lazy: () => withFormStrings(import('./layouts/public-form-layout.tsx')),
        children: withinLayout([
          {
            path: 'forms/search/by-provider/:providerId/fill-out/:formId',
            // Logged in, the same form opens in the portal (prefill, mailbox, drafts, My forms).
            loader: fillOutWhenLoggedIn,
            lazy: () => import('./routes/form-fill-out.tsx'),
          },
        ]),
      },
      {
        lazy: () => withAppStrings(import('./layouts/public-plain-layout.tsx')),
        children: withinLayout([
          // Public, and the same page for a signed-in user (linked from profile and letters).
          { path: 'verify-document', lazy: () => import('./routes/verify-document.tsx') },
          { path: '*', lazy: () => import('./routes/not-found.tsx') },
        ]),
      },
    ],
  },
]);

export function createAppRouter() {
  return createBrowserRouter(routes);
}
