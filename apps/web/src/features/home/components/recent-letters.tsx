import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMailbox } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router';
import type { LetterSummary } from '@kuvert/shared/letters';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ProviderAvatar } from '../../../components/ui/provider-avatar.tsx';
import { paths } from '../../../config/paths.ts';
import { formatListDate } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { correspondentOf } from '../../../lib/correspondent.ts';

/** The latest letters, a glance and a click away. Memoised like NeedsActionCards. */
export const RecentLetters = memo(function RecentLetters({
  letters,
}: {
  letters: readonly LetterSummary[];
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="recent-letters">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="h3" id="recent-letters">
            {t('home.recent.title')}
          </Title>
          {letters.length > 0 ? (
            <Anchor component={Link} to={paths.inbox()} fw={600} size="sm">
              {t('home.recent.all')}
            </Anchor>
          ) : null}
        </Group>
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          {letters.length === 0 ? (
            <EmptyState
              icon={<IconMailbox size={32} />}
              title={t('home.empty.title')}
              text={t('home.empty.text')}
            />
          ) : (
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {letters.map((letter) => {
                const isUnread = !letter.is_read && letter.direction === 'inbound';
                const correspondent = correspondentOf(letter);
                return (
                  <Group
                    component="li"
                    key={letter.id}
                    gap="md"
                    wrap="nowrap"
                    px={{ base: 'sm', sm: 'md' }}
                    py="sm"
                    style={{ borderBottom: '1px solid var(--kuvert-color-border-subtle)' }}
                  >
                    <ProviderAvatar
                      providerId={correspondent.provider?.id ?? ''}
                      name={correspondent.name}
                      hasLogo={correspondent.provider?.has_logo ?? false}
                      size={36}
                    />
                    <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                      <Text size="xs" c="dimmed" truncate>
                        {correspondent.name}
                      </Text>
                      <Anchor
                        component={Link}
                        to={paths.letter(letter.id)}
                        fw={isUnread ? 700 : 500}
                        c="bright"
                        size="sm"
                        truncate
                      >
                        {letter.subject}
                      </Anchor>
                    </Stack>
                    <Text size="xs" c="dimmed" fw={isUnread ? 700 : 400} style={{ flexShrink: 0 }}>
                      {formatListDate(letter.created_at)}
                    </Text>
                  </Group>
                );
              })}
            </ul>
          )}
        </Paper>
      </Stack>
    </section>
  );
});
