import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LetterSignature, LetterSigner } from '@kuvert/shared/signatures';
import { initI18n, loadTranslations } from '../../../lib/i18n.ts';
import { SignaturePanel } from './signature-panel.tsx';
import type { SealedDocumentLink } from './sealed-copy.tsx';

const zoe: LetterSigner = {
  id: 's1',
  name: 'Zoë Mustermann',
  email: 'zoe@example.com',
  status: 'signed',
  method: 'typed',
  signed_at: '2026-11-20T10:00:00.000Z',
  declined_at: null,
  declined_reason: null,
  is_me: false,
  is_this_letter: false,
  identity_requirement: null,
  verified_identity: null,
};
const me: LetterSigner = {
  ...zoe,
  id: 's2',
  name: 'Łukasz Nowak',
  status: 'pending',
  signed_at: null,
  method: null,
  is_me: true,
  is_this_letter: true,
};

function signature(overrides: Partial<LetterSignature>): LetterSignature {
  return {
    request_id: 'r1',
    status: 'pending',
    due_date: '2099-12-01',
    is_overdue: false,
    completed_at: null,
    declined_at: null,
    expired_at: null,
    cancelled_at: null,
    seal_status: null,
    sealed_document_id: null,
    signers: [zoe, me],
    my_status: 'pending',
    can_sign: true,
    cannot_sign_reason: null,
    needs_verified_identity: false,
    ...overrides,
  };
}

function renderPanel(
  value: LetterSignature,
  sealedDocument: SealedDocumentLink | null = null,
  verifyIdentity: ReactNode = null,
) {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <SignaturePanel
            letterId="l1"
            signature={value}
            providerName="Hausverwaltung"
            sealedDocument={sealedDocument}
            verifyIdentity={verifyIdentity}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return screen.getByRole('region', { name: 'Signature request' });
}

describe('the signature panel of a letter', () => {
  beforeAll(async () => {
    await initI18n();
    await loadTranslations('app');
  });
  afterEach(cleanup);

  it('asks me to sign, with who else signs and who already has', () => {
    const panel = renderPanel(signature({}));
    expect(within(panel).getByText('Waiting for your signature')).toBeTruthy();
    expect(within(panel).getByText('1 of 2 signed')).toBeTruthy();
    const signers = within(panel).getAllByRole('listitem');
    expect(signers[0]?.textContent).toContain('Signed');
    expect(signers[1]?.textContent).toContain('Waiting');
    expect(within(panel).getByRole('button', { name: 'Sign' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Decline' })).toBeTruthy();
  });

  it('says before I try that the sender requires a verified identity, and offers to verify it', () => {
    const panel = renderPanel(
      signature({
        needs_verified_identity: true,
        signers: [zoe, { ...me, identity_requirement: 'verified' }],
      }),
      null,
      <button type="button">Verify your identity</button>,
    );
    const notice = within(panel).getByTestId('identity-required');
    expect(notice.textContent).toContain('Verified identity required');
    expect(notice.textContent).toContain('Hausverwaltung requires you to verify your identity');
    // The signer list says it of me, too.
    expect(within(panel).getAllByRole('listitem')[1]?.textContent).toContain(
      'Verified identity required',
    );
    expect(within(panel).getByRole('button', { name: 'Verify your identity' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Sign' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Decline' })).toBeTruthy();
  });

  it('names the identity provider of a signer who signed with a verified identity', () => {
    const panel = renderPanel(
      signature({
        signers: [
          {
            ...zoe,
            identity_requirement: 'verified',
            verified_identity: {
              issuer: 'https://id.example',
              acr: 'high',
              name: 'Zoë Mustermann',
            },
          },
          me,
        ],
      }),
    );
    // The identity provider and the level it confirmed, as the audit page and verify page say.
    expect(within(panel).getByText('Identified by https://id.example, level high')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Sign' })).toBeTruthy();
  });

  it("marks whose copy this letter is for another member of the mailbox, not the request's other signers", () => {
    const panel = renderPanel(
      signature({
        signers: [zoe, { ...me, name: 'Kim Berg', is_me: false }],
        my_status: null,
        can_sign: false,
        cannot_sign_reason: 'not_a_signer',
      }),
    );
    const [other, thisLetters] = within(panel).getAllByRole('listitem');
    expect(thisLetters?.textContent).toContain('Kim BergSigns this letter');
    expect(other?.textContent).not.toContain('Signs this letter');
  });

  it('shows a viewer the request with Sign disabled, and why', () => {
    const panel = renderPanel(
      signature({ my_status: null, can_sign: false, cannot_sign_reason: 'viewer', signers: [zoe] }),
    );
    expect(within(panel).getByRole('button', { name: 'Sign' }).hasAttribute('disabled')).toBe(true);
    expect(within(panel).queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(within(panel).getByText(/not sign for it/)).toBeTruthy();
  });

  it('says "Sealing…" until the sealed copy is there, then offers it and the verify page', () => {
    const done = signature({
      status: 'completed',
      completed_at: '2026-11-21T09:00:00.000Z',
      my_status: 'signed',
      can_sign: false,
      cannot_sign_reason: 'already_signed',
      signers: [zoe, { ...me, status: 'signed', signed_at: '2026-11-21T09:00:00.000Z' }],
    });
    const sealing = renderPanel({ ...done, seal_status: 'sealing' });
    expect(within(sealing).getByText('Sealing…')).toBeTruthy();
    expect(within(sealing).queryByRole('link', { name: 'Verify a document' })).toBeNull();
    cleanup();
    const sealed = renderPanel(
      { ...done, seal_status: 'sealed', sealed_document_id: 'd2' },
      { filename: 'Vertrag – signed.pdf', size: 44_000, downloadUrl: '/content/d2' },
    );
    expect(within(sealed).getByText('Completed')).toBeTruthy();
    const download = within(sealed).getByRole('link', { name: 'Download sealed copy' });
    expect(download.getAttribute('href')).toBe('/content/d2');
    expect(
      within(sealed).getByRole('link', { name: 'Verify a document' }).getAttribute('href'),
    ).toBe('/verify-document');
  });

  it('tells who declined and why', () => {
    const panel = renderPanel(
      signature({
        status: 'declined',
        my_status: 'declined',
        can_sign: false,
        cannot_sign_reason: 'already_declined',
        signers: [
          zoe,
          {
            ...me,
            status: 'declined',
            declined_at: '2026-11-21T09:00:00.000Z',
            declined_reason: 'Wrong rent',
          },
        ],
      }),
    );
    expect(
      within(panel).getByText('Declined', { selector: '[data-testid="signature-standing"] *' }),
    ).toBeTruthy();
    expect(within(panel).getByText('Łukasz Nowak declined to sign: “Wrong rent”')).toBeTruthy();
  });
});
