import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { MailMergePreview } from '@kuvert/shared/mail-merge';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

interface ConfirmSendDialogProps {
  opened: boolean;
  counts: MailMergePreview['counts'];
  isSending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/**
 * The last word before sending: how many letters go which way, in the preview's words (never
 * whether an address has a Kuvert account), and that printed letters are the operator's to
 * post and pay for.
 */
export function ConfirmSendDialog({
  opened,
  counts,
  isSending,
  onClose,
  onConfirm,
}: ConfirmSendDialogProps) {
  const { t } = useTranslation();
  const sendable = counts.postal + counts.kuvert_or_postal + counts.kuvert_only;
  const lines = [
    {
      key: 'postal',
      count: counts.postal,
      text: t('mailMerge.confirm.postal', { count: counts.postal }),
    },
    {
      key: 'kuvertOrPostal',
      count: counts.kuvert_or_postal,
      text: t('mailMerge.confirm.kuvertOrPostal', { count: counts.kuvert_or_postal }),
    },
    {
      key: 'kuvertOnly',
      count: counts.kuvert_only,
      text: t('mailMerge.confirm.kuvertOnly', { count: counts.kuvert_only }),
    },
    {
      key: 'problems',
      count: counts.problems,
      text: t('mailMerge.confirm.problems', { count: counts.problems }),
    },
  ].filter((line) => line.count > 0);
  const mayGoByPost = counts.postal + counts.kuvert_or_postal > 0;
  return (
    <AppModal opened={opened} onClose={onClose} title={t('mailMerge.confirm.title')}>
      <Stack gap="md">
        <Text>{t('mailMerge.confirm.total', { count: counts.rows })}</Text>
        <List spacing={4} aria-label={t('mailMerge.confirm.title')}>
          {lines.map((line) => (
            <List.Item key={line.key}>{line.text}</List.Item>
          ))}
        </List>
        {mayGoByPost ? (
          <Alert color="orange" variant="light">
            {t('mailMerge.confirm.postalNote')}
          </Alert>
        ) : null}
        {counts.kuvert_or_postal + counts.kuvert_only > 0 ? (
          <Text size="sm" c="dimmed">
            {t('mailMerge.confirm.privacyNote')}
          </Text>
        ) : null}
        {sendable === 0 ? (
          <Alert color="red" variant="light" role="alert">
            {t('mailMerge.confirm.nothing')}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('mailMerge.confirm.cancel')}
          </Button>
          <Button
            leftSection={<IconSend size={18} aria-hidden />}
            disabled={sendable === 0}
            loading={isSending}
            onClick={onConfirm}
          >
            {t('mailMerge.confirm.send', { count: sendable })}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
