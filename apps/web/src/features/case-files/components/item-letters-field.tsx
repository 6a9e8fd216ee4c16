import { Badge, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLink, IconMailDown, IconSend } from '@tabler/icons-react';
import { RemovableRow } from '../../../components/ui/removable-row.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatListDate } from '../../../lib/dates.ts';
import type { ItemLetter } from '../hooks/item-fields.ts';

interface ItemLettersFieldProps {
  letters: readonly ItemLetter[];
  error: string | undefined;
  disabled: boolean;
  onPick: () => void;
  onRemove: (letterId: string) => void;
}

/** The letters an item links, each with a way to unlink it, and the picker's button. */
export function ItemLettersField({
  letters,
  error,
  disabled,
  onPick,
  onRemove,
}: ItemLettersFieldProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} component="section" aria-labelledby="item-letters">
      <Text fw={600} size="sm" component="h2" m={0} id="item-letters">
        {t('caseFiles.item.letters.title')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('caseFiles.item.letters.hint')}
      </Text>
      {letters.length > 0 ? (
        <Stack
          gap={4}
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          aria-label={t('caseFiles.item.letters.chosen')}
        >
          {letters.map((letter) => {
            const isReceived = letter.direction === 'inbound';
            const Icon = isReceived ? IconMailDown : IconSend;
            return (
              <RemovableRow
                key={letter.id}
                removeLabel={t('caseFiles.item.letters.remove', { subject: letter.subject })}
                onRemove={() => onRemove(letter.id)}
                disabled={disabled}
                py={6}
              >
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <ThemeIcon
                    variant="light"
                    color={isReceived ? 'kuvert' : 'teal'}
                    size={28}
                    radius="md"
                    aria-hidden="true"
                  >
                    <Icon size={16} />
                  </ThemeIcon>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {letter.subject}{' '}
                      {letter.trashed ? (
                        <Badge size="xs" variant="light" color="gray">
                          {t('caseFiles.inTrash')}
                        </Badge>
                      ) : null}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[
                        isReceived
                          ? t('caseFiles.item.letters.from', { name: letter.counterpart })
                          : t('caseFiles.item.letters.to', { name: letter.counterpart }),
                        formatListDate(letter.created_at),
                      ].join(' · ')}
                    </Text>
                  </Stack>
                </Group>
              </RemovableRow>
            );
          })}
        </Stack>
      ) : null}
      {error ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconLink size={16} aria-hidden="true" />}
          onClick={onPick}
          disabled={disabled}
          aria-haspopup="dialog"
        >
          {t('caseFiles.item.letters.link')}
        </Button>
      </Group>
    </Stack>
  );
}
