import { Alert, Button, Group, Text } from '@mantine/core';
import { IconDownload, IconFileAlert } from '@tabler/icons-react';
import type { DocumentTextFailure } from '@kuvert/shared/letters';
import { useTranslation } from '../../../lib/i18n.ts';

/** yellow.9 is too light for 4.5:1 on the light yellow alert (see app/theme.ts). */
const NOTICE_TEXT = 'var(--kuvert-color-notice-text)';

interface DocumentTextNoticeProps {
  filename: string;
  failure: DocumentTextFailure | null;
  downloadUrl: string;
  /** Shows the document in the viewer after all; absent once it is shown. */
  onShow: (() => void) | undefined;
}

/**
 * Said in place of the viewer when Kuvert could not read a document's text: why, that the
 * document itself is still there, and that search will not find words inside it. The viewer
 * waits for a click, because what broke a limit on the server may also stall a browser.
 */
export function DocumentTextNotice({
  filename,
  failure,
  downloadUrl,
  onShow,
}: DocumentTextNoticeProps) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="light"
      color="yellow"
      radius="md"
      icon={<IconFileAlert aria-hidden="true" />}
      title={t('letters.textFailure.title', { name: filename })}
      styles={{ title: { color: NOTICE_TEXT }, icon: { color: NOTICE_TEXT } }}
    >
      <Text size="sm">{t(`letters.textFailure.reason.${failure ?? 'crashed'}`)}</Text>
      <Text size="sm" mt={4}>
        {t('letters.textFailure.stillThere')}
      </Text>
      <Group gap="sm" mt="sm">
        {onShow ? (
          <Button variant="default" size="xs" onClick={onShow}>
            {t('letters.textFailure.show')}
          </Button>
        ) : null}
        <Button
          component="a"
          href={downloadUrl}
          download={filename}
          variant="subtle"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden="true" />}
        >
          {t('letters.textFailure.download')}
        </Button>
      </Group>
    </Alert>
  );
}
