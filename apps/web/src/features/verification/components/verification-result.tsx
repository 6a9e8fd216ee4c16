import { Anchor, Button, Code, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconFileOff,
  IconRosetteDiscountCheck,
  IconShieldX,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import type { VerifyDocumentResult } from '@kuvert/shared/signatures';
import { useTranslation } from '../../../lib/i18n.ts';
import { SignatureDetails } from './signature-details.tsx';
import { verdictColors, verdictOf, type VerdictKind } from './verdict.ts';
import classes from './verification-result.module.css';

const verdictIcons: Record<VerdictKind, ReactNode> = {
  sealedUnchanged: <IconRosetteDiscountCheck size={36} />,
  signedUnchanged: <IconCircleCheck size={36} />,
  changed: <IconAlertTriangle size={36} />,
  invalid: <IconShieldX size={36} />,
  unsigned: <IconFileOff size={36} />,
};

interface VerificationResultProps {
  result: VerifyDocumentResult;
  onCheckAnother: () => void;
}

/** The verdict first, big; then the file and each signature with who signed and when. */
export function VerificationResult({ result, onCheckAnother }: VerificationResultProps) {
  const { t } = useTranslation();
  const verdict = verdictOf(result);
  const color = verdictColors[verdict];
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The verdict is where the reader continues (and what a screen reader reads next). Each
  // result mounts this anew: "check another" unmounts it first.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Stack gap="lg">
      <Paper
        withBorder
        p={{ base: 'md', sm: 'xl' }}
        style={{ borderColor: `var(--mantine-color-${color}-outline)` }}
        data-verdict={verdict}
      >
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={64} radius="xl" color={color} variant="light" aria-hidden="true">
            {verdictIcons[verdict]}
          </ThemeIcon>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title
              order={2}
              fz={{ base: 22, sm: 26 }}
              ref={headingRef}
              tabIndex={-1}
              className={classes.verdict}
            >
              {t(`verification.verdict.${verdict}.title`)}
            </Title>
            <Text>{t(`verification.verdict.${verdict}.text`)}</Text>
          </Stack>
        </Group>
      </Paper>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('verification.file.name')}
        </Text>
        <Text style={{ overflowWrap: 'anywhere' }}>{result.filename}</Text>
        <Text size="sm" fw={600} mt="xs">
          {t('verification.file.sha256')}
        </Text>
        <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{result.sha256}</Code>
      </Stack>
      {result.signatures.map((signature, index) => (
        <SignatureDetails
          // Signatures have no id; their order in the file is theirs.
          // oxlint-disable-next-line react/no-array-index-key
          key={index}
          signature={signature}
          position={index + 1}
          count={result.signatures.length}
        />
      ))}
      <Group>
        <Button variant="default" onClick={onCheckAnother}>
          {t('verification.checkAnother')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Where Kuvert's certificate can be had, and why one would want it. */
export function CaCertificateNote({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed">
      <Anchor href={href} download="kuvert-seal-ca.pem" underline="always">
        {t('verification.ca.download')}
      </Anchor>{' '}
      {t('verification.ca.explain')}
    </Text>
  );
}
