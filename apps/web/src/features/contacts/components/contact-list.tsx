import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMail, IconMailbox, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Contact } from '@kuvert/shared/contacts';
import { useTranslation } from '../../../lib/i18n.ts';
import { contactTitle, countryLabel } from '../hooks/contact-fields.ts';

interface ContactListProps {
  contacts: Contact[];
  hrefOf: (contact: Contact) => string;
}

/** One line per contact: who, where, and how a letter reaches them. */
export function ContactList({ contacts, hrefOf }: ContactListProps) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('contacts.listLabel')}>
        {contacts.map((contact) => {
          const place = [
            [contact.postcode, contact.city].filter(Boolean).join(' '),
            contact.country ? countryLabel(contact.country, i18n.language) : '',
          ]
            .filter(Boolean)
            .join(', ');
          return (
            <li
              key={contact.id}
              data-contact-id={contact.id}
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <UnstyledButton
                component={Link}
                to={hrefOf(contact)}
                px={{ base: 'sm', sm: 'md' }}
                py="sm"
                style={{ display: 'block', width: '100%' }}
              >
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                    <Text fw={600} truncate>
                      {contactTitle(contact)}
                    </Text>
                    {contact.name && contact.organisation ? (
                      <Text size="sm" c="dimmed" truncate>
                        {contact.organisation}
                      </Text>
                    ) : null}
                    {place ? (
                      <Group gap={4} wrap="nowrap">
                        <IconMapPin size={14} aria-hidden="true" />
                        <Text size="sm" c="dimmed" truncate>
                          {contact.street ? `${contact.street}, ${place}` : place}
                        </Text>
                      </Group>
                    ) : null}
                  </Stack>
                  <Group gap={6}>
                    {contact.digital?.kind === 'kuvert' ? (
                      <Badge
                        variant="light"
                        leftSection={<IconMailbox size={12} aria-hidden="true" />}
                      >
                        {t('contacts.badges.kuvert')}
                      </Badge>
                    ) : null}
                    {contact.digital?.kind === 'provider' ? (
                      <Badge variant="light" color="grape">
                        {contact.digital.provider_name}
                      </Badge>
                    ) : null}
                    {contact.has_postal_address ? (
                      <Badge variant="light" color="gray">
                        {t('contacts.badges.postal')}
                      </Badge>
                    ) : null}
                    {contact.email ? (
                      <IconMail size={16} aria-label={contact.email} role="img" />
                    ) : null}
                  </Group>
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </ul>
    </Paper>
  );
}
