import { Badge, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from '../../lib/i18n.ts';
import type { PageKey, PendingNoteKey } from '../../lib/i18n.ts';
import { PageTitle } from './page-title.tsx';

interface FeaturePendingPageProps {
  titleKey: PageKey;
  noteKey: PendingNoteKey;
}

/**
 * A screen whose feature ships in a later release: its real title and an honest note, never
 * an invented empty list or sample data.
 */
export function FeaturePendingPage({ titleKey, noteKey }: FeaturePendingPageProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageTitle
        aside={
          <Badge variant="light" color="gray" size="lg" radius="sm">
            {t('pending.badge')}
          </Badge>
        }
      >
        {t(`pages.${titleKey}`)}
      </PageTitle>
      <Paper withBorder p="lg" maw={640}>
        <Stack gap="sm" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden="true">
            <IconClockHour4 size={20} />
          </ThemeIcon>
          <Text>{t(`pending.${noteKey}`)}</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
