import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClock } from '@tabler/icons-react';
import type { LetterSigner } from '@kuvert/shared/signatures';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';

const stateLook = {
  signed: { color: 'teal', text: 'var(--kuvert-color-success-text)', Icon: IconCircleCheck },
  declined: { color: 'red', text: 'var(--kuvert-color-alert-text)', Icon: IconCircleX },
  pending: { color: 'gray', text: 'var(--kuvert-color-quiet-text)', Icon: IconClock },
} as const;

/**
 * Everyone asked to sign the request: who they are, whether they signed or declined, and when.
 * Each has their own copy; the one whose copy this letter is (a shared mailbox) is marked.
 */
export function SignerList({ signers }: { signers: readonly LetterSigner[] }) {
  const { t } = useTranslation();
  return (
    <Stack
      component="ul"
      gap="xs"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
      aria-label={t('signatures.panel.signers')}
    >
      {signers.map((signer) => {
        const look = stateLook[signer.status];
        const when = signer.status === 'declined' ? signer.declined_at : signer.signed_at;
        return (
          <Group
            component="li"
            key={signer.id}
            gap="sm"
            wrap="nowrap"
            align="flex-start"
            data-signer-status={signer.status}
          >
            <look.Icon
              size={20}
              aria-hidden="true"
              color={look.text}
              style={{ flexShrink: 0, marginTop: 2 }}
            />
            <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
              <Group gap={6} wrap="wrap">
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {signer.name}
                </Text>
                {signer.is_me ? (
                  <Badge
                    variant="light"
                    color="kuvert"
                    c="var(--mantine-color-kuvert-light-color)"
                    radius="sm"
                    size="sm"
                    tt="none"
                  >
                    {t('signatures.panel.you')}
                  </Badge>
                ) : signer.is_this_letter && signers.length > 1 ? (
                  <Badge
                    variant="light"
                    color="gray"
                    c="var(--kuvert-color-quiet-text)"
                    radius="sm"
                    size="sm"
                    tt="none"
                  >
                    {t('signatures.panel.thisLetter')}
                  </Badge>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {signer.email}
              </Text>
              <Text size="sm" mt={2}>
                <Text span fw={600} c={look.text}>
                  {t(`signatures.signerStatus.${signer.status}`)}
                </Text>
                {when === null ? null : (
                  <Text span c="dimmed">
                    {' · '}
                    <time dateTime={when}>{formatDateTime(when)}</time>
                  </Text>
                )}
              </Text>
              {signer.verified_identity !== null ? (
                <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
                  {signer.verified_identity.acr === null
                    ? t('signatures.identity.identifiedBy', {
                        issuer: signer.verified_identity.issuer,
                      })
                    : t('signatures.identity.identifiedByLevel', {
                        issuer: signer.verified_identity.issuer,
                        acr: signer.verified_identity.acr,
                      })}
                </Text>
              ) : signer.identity_requirement === 'verified' && signer.status === 'pending' ? (
                <Text size="sm" mt={2} c="dimmed">
                  {t('signatures.identity.required')}
                </Text>
              ) : null}
              {signer.status === 'declined' && signer.declined_reason !== null ? (
                <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
                  {t('signatures.panel.reason', { reason: signer.declined_reason })}
                </Text>
              ) : null}
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}
