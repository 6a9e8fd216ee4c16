import { Anchor, Badge, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailDown, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CaseFileLetterRef } from '@kuvert/shared/case-files';
import { paths } from '../../../config/paths.ts';
import { formatListDate } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';

type LinkedLetter = Omit<CaseFileLetterRef, 'kind'>;

/** Where a letter opens: the inbox's page for received ones, the outbox's for sent ones. */
export function letterHref(letter: Pick<LinkedLetter, 'id' | 'direction'>): string {
  return letter.direction === 'inbound' ? paths.letter(letter.id) : paths.sentLetter(letter.id);
}

interface LinkedLettersProps {
  letters: readonly LinkedLetter[];
  /** Linked letters not listed (the timeline shows the first three). */
  moreCount?: number;
  size?: 'sm' | 'md';
}

/**
 * The letters an item links: received or sent, subject, who, when. A letter in the trash is
 * listed and marked, but not linked: it opens from the trash.
 */
export function LinkedLetters({ letters, moreCount = 0, size = 'md' }: LinkedLettersProps) {
  const { t } = useTranslation();
  const iconSize = size === 'sm' ? 24 : 32;
  return (
    <Stack
      component="ul"
      gap={size === 'sm' ? 6 : 'xs'}
      aria-label={t('caseFiles.item.letters.title')}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {letters.map((letter) => {
        const isReceived = letter.direction === 'inbound';
        const Icon = isReceived ? IconMailDown : IconSend;
        const facts = [
          isReceived
            ? t('caseFiles.item.letters.from', { name: letter.counterpart })
            : t('caseFiles.item.letters.to', { name: letter.counterpart }),
          formatListDate(letter.created_at),
        ];
        return (
          <Group key={letter.id} component="li" gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon
              variant="light"
              color={isReceived ? 'kuvert' : 'teal'}
              size={iconSize}
              radius="md"
              aria-hidden="true"
              style={{ flex: 'none' }}
            >
              <Icon size={iconSize * 0.55} />
            </ThemeIcon>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap={6} wrap="wrap">
                {letter.trashed ? (
                  <Text size="sm" fw={600} c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {letter.subject}
                  </Text>
                ) : (
                  <Anchor
                    component={Link}
                    to={letterHref(letter)}
                    size="sm"
                    fw={600}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {letter.subject}
                  </Anchor>
                )}
                {letter.trashed ? (
                  <Badge size="xs" variant="light" color="gray">
                    {t('caseFiles.inTrash')}
                  </Badge>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed">
                {isReceived
                  ? t('caseFiles.item.letters.received')
                  : t('caseFiles.item.letters.sent')}
                {' · '}
                {facts.join(' · ')}
              </Text>
            </Stack>
          </Group>
        );
      })}
      {moreCount > 0 ? (
        <Text component="li" size="xs" c="dimmed">
          {t('caseFiles.item.letters.more', { count: moreCount })}
        </Text>
      ) : null}
    </Stack>
  );
}
