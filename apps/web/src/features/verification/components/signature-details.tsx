import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SignerStatus, VerifiedSignature } from '@kuvert/shared/signatures';
import { getDateTimeFormat } from '../../../lib/intl-format.ts';
import { getLanguage, useTranslation } from '../../../lib/i18n.ts';
import classes from './signature-details.module.css';

const stateColors: Record<VerifiedSignature['state'], string> = {
  valid: 'teal',
  changed: 'red',
  invalid: 'red',
};

const signerColors: Record<SignerStatus, string> = {
  signed: 'teal',
  declined: 'red',
  pending: 'gray',
};

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
              : t('verification.signature.titleOf', { position, count })}
          </Title>
          <Badge color={stateColors[signature.state]} variant="light">
            {t(`verification.signature.state.${signature.state}`)}
          </Badge>
        </Group>
        <dl className={classes.facts}>
          <Fact label={t('verification.signature.signedBy')}>
            {signedBy || t('verification.signature.unknown')}
          </Fact>
          <Fact label={t('verification.signature.signedAt')}>
            {signature.signed_at
              ? formatTime(signature.signed_at)
              : t('verification.signature.unknown')}
          </Fact>
          <Fact label={t('verification.signature.kuvertSeal')}>
            {signature.is_kuvert_seal
              ? t('verification.signature.kuvertSealYes')
              : t('verification.signature.kuvertSealNo')}
          </Fact>
          {request ? (
            <>
              <Fact label={t('verification.request.subject')}>{request.subject}</Fact>
              <Fact label={t('verification.request.provider')}>{request.provider_name}</Fact>
              {request.sealed_at ? (
                <Fact label={t('verification.request.sealedAt')}>
                  {formatTime(request.sealed_at)}
                </Fact>
              ) : null}
            </>
          ) : null}
        </dl>
        {request ? (
          <Stack gap="xs">
            <Title order={4} fz="md">
              {t('verification.request.signers')}
            </Title>
            <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
              {request.signers.map((signer) => (
                <li key={signer.email}>
                  <Group gap="xs" wrap="wrap" align="baseline">
                    <Text fw={600}>{signer.name}</Text>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {signer.email}
                    </Text>
                    <Badge color={signerColors[signer.status]} variant="light" size="sm">
                      {t(`verification.request.signerStatus.${signer.status}`)}
                    </Badge>
                    {signer.signed_at ? (
                      <Text size="sm">{formatTime(signer.signed_at)}</Text>
                    ) : null}
                  </Group>
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
