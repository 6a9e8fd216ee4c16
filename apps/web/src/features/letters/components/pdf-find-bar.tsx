import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSearch } from '@tabler/icons-react';
import type { KeyboardEvent, Ref } from 'react';
import { getNumberFormat } from '../../../lib/intl-format.ts';
import { i18n, useTranslation } from '../../../lib/i18n.ts';
import type { TFunction } from '../../../lib/i18n.ts';

/** A count as the language writes it: 1,000,000 or 1.000.000. */
export const formatCount = (value: number) => getNumberFormat(i18n.language, {}).format(value);

export interface PdfFindState {
  query: string;
  /** How many matches, and which is current (0-based); null while the text is read. */
  matchCount: number | null;
  current: number;
  /** Only the first this-many pages were searched; null when all were. */
  searchedPages: number | null;
  onQueryChange: (query: string) => void;
  onNext: () => void;
  onPrevious: () => void;
}

interface PdfFindBarProps {
  /** Absent while pdf.js loads: the field waits. */
  find?: PdfFindState;
  inputRef?: Ref<HTMLInputElement>;
  /** Names the search landmark: a letter may show several documents, each with its own. */
  filename: string;
}

/** Find in document: a field, "2 of 5", previous and next; Enter and Shift+Enter step. */
export function PdfFindBar({ find, inputRef, filename }: PdfFindBarProps) {
  const { t } = useTranslation();
  const hasQuery = find !== undefined && find.query.trim() !== '';
  const hasMatches = hasQuery && (find.matchCount ?? 0) > 0;

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (find === undefined) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      if (event.shiftKey) find.onPrevious();
      else find.onNext();
    } else if (event.key === 'Escape' && find.query !== '') {
      event.stopPropagation();
      find.onQueryChange('');
    }
  };

  return (
    <Group
      gap={4}
      wrap="nowrap"
      role="search"
      aria-label={t('pdf.find.landmark', { name: filename })}
    >
      <TextInput
        ref={inputRef}
        type="search"
        size="xs"
        w={{ base: 150, xs: 190 }}
        leftSection={<IconSearch size={14} aria-hidden="true" />}
        placeholder={t('pdf.find.label')}
        aria-label={t('pdf.find.label')}
        value={find?.query ?? ''}
        onChange={(event) => find?.onQueryChange(event.currentTarget.value)}
        onKeyDown={handleKeyDown}
        disabled={find === undefined}
      />
      <Text size="xs" c="dimmed" miw={64} aria-live="polite" data-testid="pdf-find-status">
        {hasQuery ? findStatus(t, find) : ''}
      </Text>
      <ActionIcon
        variant="subtle"
        color="gray.8"
        onClick={find?.onPrevious}
        disabled={!hasMatches}
        aria-label={t('pdf.find.previous')}
      >
        <IconChevronUp size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray.8"
        onClick={find?.onNext}
        disabled={!hasMatches}
        aria-label={t('pdf.find.next')}
      >
        <IconChevronDown size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}

function findStatus(t: TFunction, find: PdfFindState): string {
  if (find.matchCount === null) return t('pdf.find.searching');
  const status =
    find.matchCount === 0
      ? t('pdf.find.none')
      : t('pdf.find.position', {
          match: formatCount(find.current + 1),
          matches: formatCount(find.matchCount),
        });
  return find.searchedPages === null
    ? status
    : `${status} (${t('pdf.find.firstPages', { pages: formatCount(find.searchedPages) })})`;
}
