import {
  ActionIcon,
  Box,
  Combobox,
  Group,
  Kbd,
  Loader,
  TextInput,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import type { FormEvent, KeyboardEvent } from 'react';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { isSearchableQuery } from '../../../features/search/api/search.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useKeyboardShortcuts } from '../../../lib/keyboard.ts';
import { hasPageSearchBox, useHasPageSearchBox } from '../../../lib/page-search.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';

const HeaderSearchOptions = lazy(async () => ({
  default: (await import('./header-search-options.tsx')).HeaderSearchOptions,
}));

/** Fewer letters find too much to be worth a request. */
const MIN_QUERY_LENGTH = 2;
const DEBOUNCE_MS = 250;

/**
 * Search the whole mailbox from any page: while typing, the best few letters, uploads, files
 * and contacts, grouped (an ARIA combobox: arrows choose, Enter opens, Escape closes); Enter
 * without a choice opens the full results. `/` comes here unless the page has its own box.
 * On phones it is an icon button that opens the box over the header.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { accountId } = useSelectedAccount();
  const [value, setValue] = useState('');
  const [query] = useDebouncedValue(value.trim(), DEBOUNCE_MS);
  const isMobile =
    useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false }) === true;
  const [isExpanded, setIsExpanded] = useState(false);
  const [, setListMounts] = useState(0);
  const handleListMounted = useCallback(() => setListMounts((count) => count + 1), []);
  const inputRef = useRef<HTMLInputElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const hasQuery = query.length >= MIN_QUERY_LENGTH && isSearchableQuery(query);
  const isOpen = !isMobile || isExpanded;
  const isSlashElsewhere = useHasPageSearchBox();

  useKeyboardShortcuts({
    '/': () => {
      if (hasPageSearchBox()) return false;
      setIsExpanded(true);
      // On phones the box is there only after this render.
      requestAnimationFrame(() => {
        inputRef.current?.focus();
        inputRef.current?.select();
      });
    },
  });

  const collapse = () => {
    combobox.closeDropdown();
    setIsExpanded(false);
    requestAnimationFrame(() => openerRef.current?.focus());
  };
  const open = (href: string) => {
    combobox.closeDropdown();
    setValue('');
    setIsExpanded(false);
    inputRef.current?.blur();
    void navigate(href);
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = value.trim();
    // A query past the limit goes too: the results page explains how much to remove.
    if (trimmed !== '') open(paths.inboxSearch(trimmed));
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    // An open list closes first (the combobox does that; the browser would clear the words
    // of a search field too); then the words go, then the box.
    event.preventDefault();
    if (combobox.dropdownOpened) return;
    if (value !== '') setValue('');
    else if (isMobile) collapse();
  };

  if (!isOpen) {
    return (
      <ActionIcon
        ref={openerRef}
        variant="subtle"
        color="gray"
        size="lg"
        radius="xl"
        aria-label={t('search.header.open')}
        aria-expanded={false}
        onClick={() => setIsExpanded(true)}
      >
        <IconSearch size={20} aria-hidden="true" />
      </ActionIcon>
    );
  }

  const form = (
    <form
      role="search"
      aria-label={t('search.header.label')}
      onSubmit={handleSubmit}
      style={{ flex: '1 1 auto', minWidth: 0, maxWidth: isMobile ? undefined : 440 }}
    >
      <Combobox
        store={combobox}
        onOptionSubmit={open}
        width={isMobile ? 'target' : 440}
        position="bottom-start"
        // In the banner, not a portal at the end of the page: every part of the page in a landmark.
        withinPortal={false}
        offset={6}
        shadow="md"
        radius="md"
      >
        <Combobox.Target autoComplete="off" withExpandedAttribute>
          <TextInput
            ref={inputRef}
            type="search"
            value={value}
            autoFocus={isMobile}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setValue(next);
              // New words, new hits: a choice among the old ones would point at another hit.
              combobox.resetSelectedOption();
              if (next.trim().length >= MIN_QUERY_LENGTH) combobox.openDropdown();
              else combobox.closeDropdown();
            }}
            onFocus={() => {
              if (value.trim().length >= MIN_QUERY_LENGTH) combobox.openDropdown();
            }}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={handleKeyDown}
            placeholder={t('search.header.placeholder')}
            aria-label={t('search.header.label')}
            radius="xl"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            rightSection={
              value === '' && !isMobile && !isSlashElsewhere ? (
                <Kbd size="xs" aria-hidden="true">
                  /
                </Kbd>
              ) : null
            }
            styles={{ input: { background: 'var(--mantine-color-body)' } }}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!hasQuery || accountId === null}>
          {hasQuery && accountId !== null ? (
            <Suspense fallback={<Loader size="xs" m="sm" aria-hidden="true" />}>
              <HeaderSearchOptions
                accountId={accountId}
                query={query}
                onListMounted={handleListMounted}
              />
            </Suspense>
          ) : null}
        </Combobox.Dropdown>
      </Combobox>
    </form>
  );

  if (!isMobile) return form;
  // Over the whole header: logo and menus step aside while the person types.
  return (
    <Box
      pos="absolute"
      inset={0}
      px="sm"
      bg="var(--mantine-color-body)"
      style={{ zIndex: 2, display: 'flex', alignItems: 'center' }}
      // Focus gone elsewhere (a tap outside, Tab past the close button): the header is back,
      // so nothing focusable hides under the box.
      onBlur={(event) => {
        if (
          event.relatedTarget instanceof Node &&
          event.currentTarget.contains(event.relatedTarget)
        )
          return;
        combobox.closeDropdown();
        setIsExpanded(false);
      }}
    >
      <Group gap="xs" wrap="nowrap" w="100%">
        {form}
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="xl"
          aria-label={t('search.header.close')}
          onClick={collapse}
        >
          <IconX size={20} aria-hidden="true" />
        </ActionIcon>
      </Group>
    </Box>
  );
}
