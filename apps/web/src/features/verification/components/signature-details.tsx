import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SignerStatus, VerifiedSignature } from '@kuvert/shared/signatures';
import { getDateTimeFormat } from '../../../lib/intl-format.ts';
import { getLanguage, useTranslation } from '../../../lib/i18n.ts';
import classes from './signature-details.module.css';

interface BadgeLook {
  color: string;
  /** At least 4.5:1 on the light badge (the app's text colours, see styles.css). */
  textColor: string;
}

const intact: BadgeLook = { color: 'teal', textColor: 'var(--kuvert-color-success-text)' };
const alarming: BadgeLook = { color: 'red', textColor: 'var(--kuvert-color-alert-text)' };
const quiet: BadgeLook = { color: 'gray', textColor: 'var(--kuvert-color-quiet-text)' };

const stateLooks: Record<VerifiedSignature['state'], BadgeLook> = {
  valid: intact,
  changed: alarming,
  invalid: alarming,
};

const signerLooks: Record<SignerStatus, BadgeLook> = {
  signed: intact,
  declined: alarming,
  pending: quiet,
};

function StatusBadge({ look, children }: { look: BadgeLook; children: string }) {
  return (
    <Badge variant="light" color={look.color} c={look.textColor} radius="sm" tt="none" fw={600}>
      {children}
    </Badge>
  );
}

function formatTime(value: string): string {
  return getDateTimeFormat(getLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(value),
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

interface SignatureDetailsProps {
  signature: VerifiedSignature;
  position: number;
  count: number;
}

/** One signature: its state, the certificate, when; for a Kuvert seal the request's signers. */
export function SignatureDetails({ signature, position, count }: SignatureDetailsProps) {
  const { t } = useTranslation();
  const { request } = signature;
  const signedAt = signature.signed_at ?? request?.sealed_at ?? null;
  const signedBy = [signature.signed_by, signature.organisation]
    .filter((part) => part !== null && part !== '')
    .join(' · ');
  return (
    <Paper component="section" withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="h4">
            {count === 1
              ? t('verification.signature.title')
              : t('verification.signature.titleOf', { position, total: count })}
          </Title>
          <StatusBadge look={stateLooks[signature.state]}>
            {t(`verification.signature.state.${signature.state}`)}
          </StatusBadge>
        </Group>
        <dl className={classes.facts}>
          {request ? (
            <>
              <Fact label={t('verification.request.subject')}>{request.subject}</Fact>
              <Fact label={t('verification.request.provider')}>{request.provider_name}</Fact>
            </>
          ) : null}
          <Fact label={t('verification.signature.signedBy')}>
            {signedBy || t('verification.signature.unknown')}
          </Fact>
          {/* A seal's time is when it was sealed: one moment, not two facts. */}
          <Fact
            label={
              signature.is_kuvert_seal
                ? t('verification.request.sealedAt')
                : t('verification.signature.signedAt')
            }
          >
            {signedAt ? formatTime(signedAt) : t('verification.signature.unknown')}
          </Fact>
          {signature.change ? (
            <Fact label={t('verification.signature.whatChanged')}>
              {t(`verification.signature.change.${signature.change}`)}
            </Fact>
          ) : null}
          <Fact label={t('verification.signature.kuvertSeal')}>
            {signature.is_kuvert_seal
              ? t('verification.signature.kuvertSealYes')
              : t('verification.signature.kuvertSealNo')}
          </Fact>
        </dl>
        {request ? (
          <Stack gap="xs">
            <Title order={4} fz="md">
              {t('verification.request.signers')}
            </Title>
            <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
              {request.signers.map((signer) => (
                <li key={signer.email}>
                  <Group gap="xs" wrap="wrap" align="center">
                    <Text fw={600}>{signer.name}</Text>
                    <StatusBadge look={signerLooks[signer.status]}>
                      {t(`verification.request.signerStatus.${signer.status}`)}
                    </StatusBadge>
                  </Group>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {signer.signed_at
                      ? `${signer.email} · ${formatTime(signer.signed_at)}`
                      : signer.email}
                  </Text>
                  {signer.verified_identity ? (
                    <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
                      {signer.verified_identity.acr === null
                        ? t('verification.request.identifiedBy', {
                            issuer: signer.verified_identity.issuer,
                          })
                        : t('verification.request.identifiedByLevel', {
                            issuer: signer.verified_identity.issuer,
                            acr: signer.verified_identity.acr,
                          })}
                    </Text>
                  ) : null}
                  {signer.declined_reason ? (
                    <Text size="sm" mt={2}>
                      {t('verification.request.declinedReason', { reason: signer.declined_reason })}
                    </Text>
                  ) : null}
                </li>
              ))}
            </Stack>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
