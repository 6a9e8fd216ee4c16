import { Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAddressBook, IconFileImport, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { InfiniteListFooter } from '../../../components/ui/infinite-list-footer.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { flattenContactPages, useContacts } from '../api/get-contacts.ts';
import { ContactExportMenu } from './contact-export-menu.tsx';
import { ContactImportDialog } from './contact-import-dialog.tsx';
import { ContactList } from './contact-list.tsx';

/** The address book: search, the contacts in name order, import and export. */
export function AddressBookView() {
  const { t } = useTranslation();
  const { accountId, can } = useSelectedAccount();
  const canWrite = can('organize');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const contacts = useContacts(accountId, debounced);
  const items = flattenContactPages(contacts.data);
  const [isImporting, setImporting] = useState(false);
  const isEmptyBook = !contacts.isPending && items.length === 0 && debounced === '';

  const importButton = (
    <Button
      variant="default"
      leftSection={<IconFileImport size={16} aria-hidden="true" />}
      onClick={() => setImporting(true)}
      disabled={!canWrite}
    >
      {t('contacts.import.button')}
    </Button>
  );
  const createButton = (
    <Button
      component={Link}
      to={paths.contactCreate()}
      leftSection={<IconPlus size={16} aria-hidden="true" />}
      disabled={!canWrite}
    >
      {t('contacts.create')}
    </Button>
  );

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="center" gap="sm">
        <PageTitle>{t('pages.addressBook')}</PageTitle>
        <Group gap="sm">
          {isEmptyBook ? null : createButton}
          {importButton}
          {accountId !== null && !isEmptyBook ? <ContactExportMenu accountId={accountId} /> : null}
        </Group>
      </Group>
      {isEmptyBook ? null : (
        <TextInput
          type="search"
          aria-label={t('contacts.search')}
          placeholder={t('contacts.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={
            contacts.isFetching && !contacts.isFetchingNextPage ? <Loader size="xs" /> : null
          }
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={480}
        />
      )}
      {contacts.isError ? (
        <FormAlert tone="error">{translateError(t, contacts.error)}</FormAlert>
      ) : null}
      {isEmptyBook ? (
        <EmptyState
          icon={<IconAddressBook size={32} />}
          title={t('contacts.empty.title')}
          text={t('contacts.empty.text')}
          action={
            canWrite ? (
              <Group gap="sm" justify="center">
                {createButton}
                {importButton}
              </Group>
            ) : undefined
          }
        />
      ) : null}
      {!isEmptyBook && !contacts.isPending && items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('contacts.noMatch', { search: debounced })}
        </Text>
      ) : null}
      {items.length > 0 ? (
        <>
          <ContactList contacts={items} hrefOf={(contact) => paths.contactEdit(contact.id)} />
          <InfiniteListFooter
            hasNextPage={contacts.hasNextPage}
            isFetchingNextPage={contacts.isFetchingNextPage}
            fetchNextPage={contacts.fetchNextPage}
          />
        </>
      ) : null}
      {accountId !== null ? (
        <ContactImportDialog
          accountId={accountId}
          opened={isImporting}
          onClose={() => setImporting(false)}
        />
      ) : null}
    </Stack>
  );
}
