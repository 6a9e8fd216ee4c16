import { Button, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDownload, IconShieldCheck } from '@tabler/icons-react';
import type { LetterSignature } from '@kuvert/shared/signatures';
import { formatFileSize } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** The sealed copy's file, its address built where letters and signatures meet (app/). */
export interface SealedDocumentLink {
  filename: string;
  size: number;
  downloadUrl: string;
}

interface SealedCopyProps {
  signature: LetterSignature;
  sealedDocument: SealedDocumentLink | null;
}

/** Once everyone signed (or one declined): sealing, then the sealed copy to download. */
export function SealedCopy({ signature, sealedDocument }: SealedCopyProps) {
  const { t } = useTranslation();
  if (signature.seal_status === 'sealing') {
    return (
      <Group gap="sm" role="status" data-testid="sealing">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{t('signatures.seal.sealing')}</Text>
      </Group>
    );
  }
  if (signature.seal_status === 'failed') {
    return (
      <Text size="sm" c="dimmed">
        {t('signatures.seal.failed')}
      </Text>
    );
  }
  if (signature.seal_status !== 'sealed' || sealedDocument === null) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="sealed-copy">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" color="teal" radius="md" size="lg" aria-hidden="true">
            <IconShieldCheck size={20} />
          </ThemeIcon>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm">
              {t('signatures.seal.sealedCopy')}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {sealedDocument.filename} · {formatFileSize(sealedDocument.size)}
            </Text>
          </Stack>
        </Group>
        <Button
          component="a"
          href={sealedDocument.downloadUrl}
          download={sealedDocument.filename}
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          aria-label={t('signatures.seal.downloadLabel')}
        >
          {t('signatures.seal.download')}
        </Button>
      </Group>
    </Paper>
  );
}
