import { expect, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './environment.ts';
import type { TestProvider } from './provider.ts';

/** What POST /api/sender/v1/forms takes (DESIGN §6), as a provider's program sends it. */
export interface PublishedFormInput {
  title: string;
  description?: string;
  use_cases: string[];
  public: boolean;
  schema: Record<string, unknown>;
  ui_schema?: Record<string, unknown>;
}

/** A provider publishes a form through the Sender API; answers its id and version. */
export async function publishForm(
  provider: TestProvider,
  input: PublishedFormInput,
): Promise<{ id: string; version: number }> {
  const response = await fetch(`${E2E_BASE_URL}/api/sender/v1/forms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${provider.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (response.status !== 201) {
    throw new Error(`publishing failed: ${response.status} ${await response.text()}`);
  }
  const published: { id: string; version: number } = await response.json();
  return published;
}

/** The provider takes a form down (its submissions stay). */
export async function unpublishForm(provider: TestProvider, formId: string): Promise<void> {
  const response = await fetch(
    `${E2E_BASE_URL}/api/sender/v1/forms/${encodeURIComponent(formId)}`,
    { method: 'DELETE', headers: { authorization: `Bearer ${provider.apiKey}` } },
  );
  if (response.status !== 204) {
    throw new Error(`unpublishing failed: ${response.status} ${await response.text()}`);
  }
}

/** Delivers a letter that names one of the provider's forms (metadata `form_id`). */
export async function deliverLetterNamingForm(
  provider: TestProvider,
  input: { recipientEmail: string; subject: string; formId: string; pdf: Uint8Array },
): Promise<string> {
  const form = new FormData();
  const metadata = {
    recipient: { email: input.recipientEmail },
    subject: input.subject,
    form_id: input.formId,
  };
  form.set('metadata', new Blob([JSON.stringify(metadata)], { type: 'application/json' }));
  form.append(
    'document',
    new Blob([Buffer.from(input.pdf)], { type: 'application/pdf' }),
    'letter.pdf',
  );
  const response = await fetch(`${E2E_BASE_URL}/api/sender/v1/letters`, {
    method: 'POST',
    headers: { authorization: `Bearer ${provider.apiKey}` },
    body: form,
  });
  if (response.status !== 201) {
    throw new Error(`delivery failed: ${response.status} ${await response.text()}`);
  }
  const { id }: { id: string } = await response.json();
  return id;
}

/** The logged-in page's CSRF token and mailbox: its session cookie goes with `page.request`. */
async function sessionOf(page: Page): Promise<{ csrfToken: string; accountId: string }> {
  const stored = await page.evaluate(() => ({
    csrfToken: localStorage.getItem('kuvert.csrfToken'),
    accountId: localStorage.getItem('kuvert.selectedAccount'),
  }));
  if (stored.csrfToken === null || stored.accountId === null) {
    throw new Error('log in first: no CSRF token or selected mailbox in the page');
  }
  return { csrfToken: stored.csrfToken, accountId: stored.accountId };
}

/** A draft saved the way the fill-out page saves one (POST /api/form-drafts). */
export async function saveFormDraft(
  page: Page,
  form: { id: string; version: number },
  data: Record<string, unknown>,
): Promise<{ id: string }> {
  const { csrfToken, accountId } = await sessionOf(page);
  const response = await page.request.post(`${E2E_BASE_URL}/api/form-drafts`, {
    headers: { 'x-csrf-token': csrfToken },
    data: { account_id: accountId, form_id: form.id, form_version: form.version, data },
  });
  expect(response.status(), await response.text()).toBe(201);
  const created: { id: string } = await response.json();
  return created;
}

/** A form sent the way the fill-out page sends it (POST /api/forms/{id}/submissions). */
export async function submitForm(
  page: Page,
  form: { id: string; version: number },
  data: Record<string, unknown>,
): Promise<{ id: string; reference: string }> {
  const { csrfToken, accountId } = await sessionOf(page);
  const response = await page.request.post(
    `${E2E_BASE_URL}/api/forms/${encodeURIComponent(form.id)}/submissions`,
    {
      headers: { 'x-csrf-token': csrfToken },
      data: { account_id: accountId, form_version: form.version, data },
    },
  );
  expect(response.status(), await response.text()).toBe(201);
  const submitted: { id: string; reference: string } = await response.json();
  return submitted;
}

/** Whether the page is wider than the screen (a phone would scroll sideways). */
export async function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
  );
}
