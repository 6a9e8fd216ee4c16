import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VerifiedSignature } from '@kuvert/shared/signatures';
import { initI18n, loadTranslations, setLanguage } from '../../../lib/i18n.ts';
import { SignatureDetails } from './signature-details.tsx';

const sealedRequest: VerifiedSignature = {
  state: 'valid',
  signed_by: 'Kuvert document seal (self-issued)',
  organisation: 'Kuvert',
  signed_at: '2026-11-23T10:00:00.000Z',
  is_kuvert_seal: true,
  change: null,
  request: {
    subject: 'Tenancy agreement',
    provider_name: 'Stadtwerke Łódź',
    status: 'declined',
    sealed_at: '2026-11-23T10:00:00.000Z',
    signers: [
      {
        name: 'Zoë Şükrü',
        email: 'zoe@example.com',
        status: 'signed',
        signed_at: '2026-11-23T09:00:00.000Z',
        declined_reason: null,
        verified_identity: null,
      },
      {
        name: 'Łukasz Nowak',
        email: 'lukasz@example.com',
        status: 'declined',
        signed_at: '2026-11-23T09:30:00.000Z',
        declined_reason: 'The rent is wrong',
        verified_identity: null,
      },
    ],
  },
};

beforeAll(async () => {
  await initI18n();
  await loadTranslations('app');
});
afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

const verifiedRequest: VerifiedSignature = {
  ...sealedRequest,
  request: sealedRequest.request && {
    ...sealedRequest.request,
    status: 'completed',
    signers: [
      {
        name: 'Erika Mustermann',
        email: 'erika@example.com',
        status: 'signed',
        signed_at: '2026-11-23T09:00:00.000Z',
        declined_reason: null,
        verified_identity: {
          issuer: 'https://id.example',
          acr: 'http://eidas.europa.eu/LoA/substantial',
        },
      },
      {
        name: 'Ben Zoë',
        email: 'ben@example.com',
        status: 'signed',
        signed_at: '2026-11-23T09:30:00.000Z',
        declined_reason: null,
        verified_identity: { issuer: 'https://bank.example', acr: null },
      },
    ],
  },
};

describe('SignatureDetails', () => {
  it("lists a Kuvert seal's request: subject, provider, each signer with their state", () => {
    render(
      <MantineProvider>
        <SignatureDetails signature={sealedRequest} position={1} count={1} />
      </MantineProvider>,
    );
    expect(screen.getByText('Yes, sealed by this Kuvert')).toBeTruthy();
    expect(screen.getByText('Tenancy agreement')).toBeTruthy();
    expect(screen.getByText('Stadtwerke Łódź')).toBeTruthy();
    const signers = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(signers.map((signer) => signer.textContent)).toEqual([
      expect.stringMatching(/^Zoë Şükrü.*Signed.*zoe@example\.com/),
      expect.stringMatching(
        /^Łukasz Nowak.*Declined.*lukasz@example\.com.*Reason: The rent is wrong$/,
      ),
    ]);
  });

  it('says another certificate signed, and shows no request', () => {
    render(
      <MantineProvider>
        <SignatureDetails
          signature={{
            ...sealedRequest,
            is_kuvert_seal: false,
            request: null,
            state: 'changed',
            change: 'appended',
          }}
          position={2}
          count={3}
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Signature 2 of 3' })).toBeTruthy();
    expect(screen.getByText('Changed since signed')).toBeTruthy();
    expect(screen.getByText('Content was added after it was signed.')).toBeTruthy();
    expect(screen.getByText('No, another certificate')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says a seal whose padding was written to was altered outside the signature, and keeps its request', () => {
    render(
      <MantineProvider>
        <SignatureDetails
          signature={{ ...sealedRequest, state: 'changed', change: 'signature_padding' }}
          position={1}
          count={1}
        />
      </MantineProvider>,
    );
    expect(screen.getByText('Changed since signed')).toBeTruthy();
    expect(screen.getByText(/^The file was altered outside the signature/)).toBeTruthy();
    expect(screen.getByText('Tenancy agreement')).toBeTruthy();
    expect(screen.getByText(/Reason: The rent is wrong/)).toBeTruthy();
  });

  it('names the identity provider and level of a signer identified by a verified identity', () => {
    render(
      <MantineProvider>
        <SignatureDetails signature={verifiedRequest} position={1} count={1} />
      </MantineProvider>,
    );
    const signers = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(signers[0]?.textContent).toContain(
      'Identified by https://id.example, level http://eidas.europa.eu/LoA/substantial',
    );
    // An identity provider that confirmed no level is named alone.
    expect(signers[1]?.textContent).toMatch(/Identified by https:\/\/bank\.example$/);
    // A signer who confirmed with their password is not said to be identified.
    render(
      <MantineProvider>
        <SignatureDetails signature={sealedRequest} position={1} count={1} />
      </MantineProvider>,
    );
    expect(screen.getAllByText(/Identified by/)).toHaveLength(2);
  });

  it('says it in German', async () => {
    await setLanguage('de');
    render(
      <MantineProvider>
        <SignatureDetails signature={verifiedRequest} position={1} count={1} />
      </MantineProvider>,
    );
    expect(
      screen.getByText(
        'Identifiziert durch https://id.example, Niveau http://eidas.europa.eu/LoA/substantial',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Identifiziert durch https://bank.example')).toBeTruthy();
  });
});
