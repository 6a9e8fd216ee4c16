import { Button, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import { publicReceiptHref, usePublicReceiptState } from '../api/get-public-receipt.ts';

interface PublicReceiptDownloadProps {
  receiptUrl: string;
}

/**
 * The PDF of the answers just sent, for the visitor who sent them: only this page offers it
 * (the e-mail confirmation carries no answers), so it says so.
 */
export function PublicReceiptDownload({ receiptUrl }: PublicReceiptDownloadProps) {
  const { t } = useTranslation();
  const state = usePublicReceiptState(receiptUrl);
  if (state === 'gone') {
    return <Text>{t('forms.fill.sent.downloadFailed')}</Text>;
  }
  const isReady = state === 'ready';
  return (
    <Stack gap="xs" align="flex-start">
      {isReady ? (
        <Button
          component="a"
          href={publicReceiptHref(receiptUrl)}
          download
          leftSection={<IconDownload size={18} aria-hidden="true" />}
        >
          {t('forms.fill.sent.download')}
        </Button>
      ) : (
        <Button loading disabled leftSection={<IconDownload size={18} aria-hidden="true" />}>
          {t('forms.fill.sent.download')}
        </Button>
      )}
      <Text size="sm" c="dimmed" role="status">
        {isReady ? t('forms.fill.sent.downloadHint') : t('forms.fill.sent.preparing')}
      </Text>
    </Stack>
  );
}
