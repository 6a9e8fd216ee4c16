import {
  Button,
  Checkbox,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMailDown, IconSearch, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import type { LetterSummary } from '@kuvert/shared/letters';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { correspondentOf } from '../../../lib/correspondent.ts';
import { formatListDate } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { isLetterChoiceQuery, useLetterChoices } from '../api/get-letter-choices.ts';

interface LetterPickerProps {
  opened: boolean;
  onClose: () => void;
  /** The chosen letters, in the order they were ticked. The caller closes the picker. */
  onPick: (letters: LetterSummary[]) => void;
  accountId: string;
  /** Linked already: listed, ticked, not chosen again. */
  linkedIds: readonly string[];
  maxCount: number;
}

/**
 * Chooses letters, received or sent, to link: the newest first, or what a search finds by
 * subject, sender or text. A list of checkboxes, so keyboards and screen readers work as in
 * any form.
 */
export function LetterPicker({ opened, onClose, ...props }: LetterPickerProps) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('caseFiles.letterPicker.title')} size="lg">
      {/* Built afresh at each opening: nothing chosen, no search. */}
      {opened ? <LetterPickerBody onClose={onClose} {...props} /> : null}
    </AppModal>
  );
}

function LetterPickerBody({
  onClose,
  onPick,
  accountId,
  linkedIds,
  maxCount,
}: Omit<LetterPickerProps, 'opened'>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<ReadonlyMap<string, LetterSummary>>(new Map());
  const choices = useLetterChoices(accountId, query, true);
  const letters = choices.data ?? [];
  const isFull = chosen.size >= maxCount;

  const toggle = (letter: LetterSummary, isTicked: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      if (isTicked) next.set(letter.id, letter);
      else next.delete(letter.id);
      return next;
    });

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={t('caseFiles.letterPicker.search')}
        description={t('caseFiles.letterPicker.searchHint')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        error={isLetterChoiceQuery(query) ? undefined : t('caseFiles.letterPicker.tooLong')}
        data-autofocus
      />
      <Text size="sm" fw={600} role="status">
        {t('caseFiles.letterPicker.chosen', { count: chosen.size })}
      </Text>
      {choices.isPending ? (
        <Stack gap="xs" role="status" aria-label={t('common.loading')}>
          <Skeleton height={44} />
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Stack>
      ) : choices.isError ? (
        <ErrorState error={choices.error} onRetry={() => void choices.refetch()} />
      ) : letters.length === 0 ? (
        <Text size="sm">
          {query === ''
            ? t('caseFiles.letterPicker.empty')
            : t('caseFiles.letterPicker.noMatch', { search: query })}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={4}
          aria-label={t('caseFiles.letterPicker.listLabel')}
          style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '50vh', overflowY: 'auto' }}
        >
          {letters.map((letter) => {
            const isLinked = linkedIds.includes(letter.id);
            const isTicked = isLinked || chosen.has(letter.id);
            const isReceived = letter.direction === 'inbound';
            const Icon = isReceived ? IconMailDown : IconSend;
            const who = correspondentOf(letter).name;
            const facts = [
              isReceived ? t('caseFiles.item.letters.received') : t('caseFiles.item.letters.sent'),
              isReceived
                ? t('caseFiles.item.letters.from', { name: who })
                : t('caseFiles.item.letters.to', { name: who }),
              formatListDate(letter.created_at),
            ];
            if (isLinked) facts.push(t('caseFiles.letterPicker.alreadyLinked'));
            return (
              <li key={letter.id} data-letter-id={letter.id}>
                <Checkbox
                  checked={isTicked}
                  disabled={isLinked || (isFull && !isTicked)}
                  onChange={(event) => toggle(letter, event.currentTarget.checked)}
                  label={
                    <Group gap="sm" wrap="nowrap" component="span">
                      <ThemeIcon
                        variant="light"
                        color={isReceived ? 'kuvert' : 'teal'}
                        size={28}
                        radius="md"
                        aria-hidden="true"
                        component="span"
                      >
                        <Icon size={16} />
                      </ThemeIcon>
                      <Text
                        component="span"
                        fw={600}
                        size="sm"
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {letter.subject}
                      </Text>
                    </Group>
                  }
                  description={facts.join(' · ')}
                  styles={{
                    body: { alignItems: 'center' },
                    root: {
                      padding: '6px 8px',
                      borderRadius: 'var(--mantine-radius-md)',
                      border: '1px solid var(--mantine-color-default-border)',
                    },
                    description: { paddingInlineStart: 'calc(var(--mantine-spacing-sm) + 40px)' },
                  }}
                />
              </li>
            );
          })}
        </Stack>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('dialog.cancel')}
        </Button>
        <Button onClick={() => onPick([...chosen.values()])} disabled={chosen.size === 0}>
          {chosen.size === 0
            ? t('caseFiles.letterPicker.confirmNone')
            : t('caseFiles.letterPicker.confirm', { count: chosen.size })}
        </Button>
      </Group>
    </Stack>
  );
}
