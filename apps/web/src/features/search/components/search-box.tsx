import { ActionIcon, Kbd, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { SEARCH_QUERY_COUNTER_FROM, SEARCH_QUERY_MAX_LENGTH } from '@kuvert/shared/search';
import { useTranslation } from '../../../lib/i18n.ts';
import { useKeyboardShortcuts } from '../../../lib/keyboard.ts';
import { usePageSearchBox } from '../../../lib/page-search.ts';

interface SearchBoxProps {
  /** The search in the URL, if any. */
  query: string;
  onSearch: (query: string) => void;
  onClear: () => void;
}

/**
 * What the box says about the length: nothing while short, the count near the limit, and
 * past it how much to remove. Nothing is ever cut: a pasted query stays as pasted.
 */
function useLengthNote(value: string) {
  const { t } = useTranslation();
  const length = value.trim().length;
  const max = SEARCH_QUERY_MAX_LENGTH;
  if (length > max) return { error: t('search.limit.tooLong', { count: length - max, max }) };
  if (length >= SEARCH_QUERY_COUNTER_FROM)
    return { description: t('search.limit.counter', { count: length, max }) };
  return {};
}

/** Search the mailbox: Enter searches, the cross clears, `/` jumps here from anywhere. */
export function SearchBox({ query, onSearch, onClear }: SearchBoxProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  const lengthNote = useLengthNote(value);
  // Back and forward change the URL's search: show it in the box.
  if (shownQuery !== query) {
    setShownQuery(query);
    setValue(query);
  }

  usePageSearchBox();
  useKeyboardShortcuts({
    '/': () => {
      inputRef.current?.focus();
      inputRef.current?.select();
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = value.trim();
    // The note under the box already says how much is too much.
    if (lengthNote.error !== undefined) return;
    if (trimmed === '') onClear();
    else onSearch(trimmed);
  };

  return (
    <form
      role="search"
      onSubmit={handleSubmit}
      aria-label={t('search.label')}
      style={{ flex: '1 1 280px', maxWidth: 560 }}
    >
      <TextInput
        ref={inputRef}
        type="search"
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value !== '') {
            setValue('');
            onClear();
          }
        }}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        {...lengthNote}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        radius="xl"
        size="md"
        leftSection={<IconSearch size={18} aria-hidden="true" />}
        rightSectionWidth={value === '' ? 44 : 40}
        rightSection={
          value === '' ? (
            <Kbd size="xs" aria-hidden="true" visibleFrom="sm">
              /
            </Kbd>
          ) : (
            <ActionIcon
              variant="subtle"
              color="gray.8"
              radius="xl"
              onClick={() => {
                setValue('');
                onClear();
                inputRef.current?.focus();
              }}
              aria-label={t('search.clear')}
            >
              <IconX size={16} aria-hidden="true" />
            </ActionIcon>
          )
        }
        styles={{ input: { background: 'var(--mantine-color-body)' } }}
      />
    </form>
  );
}
