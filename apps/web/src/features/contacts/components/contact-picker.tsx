import { Combobox, Group, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAddressBook, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { Contact } from '@kuvert/shared/contacts';
import { useTranslation } from '../../../lib/i18n.ts';
import { flattenContactPages, useContacts } from '../api/get-contacts.ts';
import { contactTitle, countryLabel } from '../hooks/contact-fields.ts';

export interface ContactPickerProps {
  accountId: string;
  onPick: (contact: Contact) => void;
  /** Only contacts a letter can reach this way are offered (others are shown dimmed). */
  filter?: (contact: Contact) => boolean;
  label?: string;
  placeholder?: string;
}

/**
 * Search the address book and pick a contact, for the compose page: type a name, an
 * organisation, an e-mail or a city; arrow keys and Enter pick.
 */
export function ContactPicker({
  accountId,
  onPick,
  filter,
  label,
  placeholder,
}: ContactPickerProps) {
  const { t, i18n } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const contacts = useContacts(accountId, debounced);
  const items = flattenContactPages(contacts.data).slice(0, 20);

  const describe = (contact: Contact) =>
    [
      contact.name && contact.organisation ? contact.organisation : '',
      [contact.postcode, contact.city].filter(Boolean).join(' '),
      contact.country ? countryLabel(contact.country, i18n.language) : '',
      contact.digital?.kind === 'kuvert' ? contact.digital.email : '',
      contact.digital?.kind === 'provider' ? contact.digital.provider_name : '',
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const contact = items.find((candidate) => candidate.id === id);
        if (!contact) return;
        onPick(contact);
        setSearch('');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={label ?? t('contacts.picker.label')}
          placeholder={placeholder ?? t('contacts.picker.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={contacts.isFetching ? <Loader size="xs" /> : null}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {items.length === 0 && !contacts.isFetching ? (
            <Combobox.Empty>
              <Group gap={6} justify="center">
                <IconAddressBook size={16} aria-hidden="true" />
                {debounced ? t('contacts.picker.none') : t('contacts.picker.empty')}
              </Group>
            </Combobox.Empty>
          ) : null}
          {items.map((contact) => {
            const isAvailable = filter ? filter(contact) : true;
            return (
              <Combobox.Option value={contact.id} key={contact.id} disabled={!isAvailable}>
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {contactTitle(contact)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {describe(contact)}
                  </Text>
                </Stack>
              </Combobox.Option>
            );
          })}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
