import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import type { CreatedAccessToken } from '@kuvert/shared/access-tokens';
import { useTranslation } from '../../../lib/i18n.ts';

interface NewAccessTokenProps {
  created: CreatedAccessToken;
  onDone: () => void;
}

/** The token, this once: only its hash is kept, so it cannot be shown again. */
export function NewAccessToken({ created, onDone }: NewAccessTokenProps) {
  const { t } = useTranslation();
  return (
    <Alert
      role="status"
      color="kuvert"
      variant="light"
      icon={<IconKey aria-hidden="true" />}
      title={t('accessTokens.created.title', { name: created.access_token.name })}
    >
      <Stack gap="sm">
        <Text size="sm">{t('accessTokens.created.once')}</Text>
        <Code
          block
          data-testid="new-access-token"
          aria-label={t('accessTokens.created.tokenLabel')}
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
        >
          {created.token}
        </Code>
        <Group gap="sm">
          <CopyButton value={created.token} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant="filled"
                color={copied ? 'teal.9' : undefined}
                leftSection={
                  copied ? (
                    <IconCheck size={16} aria-hidden="true" />
                  ) : (
                    <IconCopy size={16} aria-hidden="true" />
                  )
                }
                onClick={copy}
              >
                <span aria-live="polite">
                  {copied ? t('accessTokens.created.copied') : t('accessTokens.created.copy')}
                </span>
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onDone}>
            {t('accessTokens.created.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
