import type { ReactNode } from 'react';
import { Group, Stack } from '@mantine/core';
import type { LetterDetail } from '@kuvert/shared/letters';
import { paths } from '../config/paths.ts';
import { AddToCalendarButton } from '../features/calendar/components/add-to-calendar-button.tsx';
import { VerifyIdentityButton } from '../features/identity/components/verify-identity-button.tsx';
import { documentContentUrl } from '../features/letters/api/get-letter.ts';
import { SignaturePanel } from '../features/signatures/components/signature-panel.tsx';
import { correspondentOf } from '../lib/correspondent.ts';

/**
 * A signature request's panel on its letter's page: the signatures area shows it, the letters
 * area knows where the sealed copy's bytes are, and the identity area verifies a signer the
 * sender requires to be verified. Null for every other letter.
 */
export function renderSignaturePanel(letter: LetterDetail): ReactNode {
  const { signature } = letter;
  if (letter.kind !== 'signature_request' || signature === null) return null;
  const sealed = letter.documents.find(
    (document) => document.id === signature.sealed_document_id || document.role === 'sealed',
  );
  // The last day to sign goes into a calendar while this copy waits for the caller's signature.
  const awaitsMe =
    signature.status === 'pending' &&
    !signature.is_overdue &&
    signature.signers.some(
      (signer) => signer.is_me && signer.is_this_letter && signer.status === 'pending',
    );
  const panel = (
    <SignaturePanel
      letterId={letter.id}
      signature={signature}
      providerName={correspondentOf(letter).name}
      verifyIdentity={<VerifyIdentityButton returnTo={paths.letter(letter.id)} />}
      sealedDocument={
        sealed === undefined
          ? null
          : {
              filename: sealed.filename,
              size: sealed.size,
              downloadUrl: documentContentUrl(letter.id, sealed.id, 'attachment'),
            }
      }
    />
  );
  // One shape whether or not the button shows: signing must not remount the panel (its dialog
  // and the notice of the signature live there).
  return (
    <Stack gap="xs">
      {panel}
      {awaitsMe ? (
        <Group>
          <AddToCalendarButton letterId={letter.id} />
        </Group>
      ) : null}
    </Stack>
  );
}
