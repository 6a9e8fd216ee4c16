import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import {
  IconBuildingBank,
  IconChevronDown,
  IconMail,
  IconMailbox,
  IconPlus,
} from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ComposeLetter } from '../hooks/use-compose-letter.ts';
import { useComposeRecipients } from '../hooks/use-compose-recipients.ts';
import { newRecipient, recipientErrors } from './compose-model.ts';
import type { ComposeRecipient } from './compose-model.ts';
import type { RenderContactPicker } from './compose-types.ts';
import { RecipientCard } from './recipient-card.tsx';
import type { ProviderChoice } from './recipient-card.tsx';

interface ComposeRecipientsProps {
  accountId: string;
  letter: ComposeLetter;
  providers: readonly ProviderChoice[];
  renderContactPicker?: RenderContactPicker | undefined;
  disabled: boolean;
}

/** The recipients section: one card per recipient, the address book, and "add recipient". */
export function ComposeRecipients({
  accountId,
  letter,
  providers,
  renderContactPicker,
  disabled,
}: ComposeRecipientsProps) {
  const { t } = useTranslation();
  const recipients = useComposeRecipients(letter);
  const { fields, errors, unknownKeys } = letter;
  return (
    <Stack gap="xs" component="section" aria-labelledby="compose-recipients">
      <Text fw={600} size="sm" component="h2" m={0} id="compose-recipients">
        {t('compose.recipient.title')}
      </Text>
      {fields.recipients.length > 0 ? (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {fields.recipients.map((recipient, index) => (
            <RecipientCard
              key={recipient.key}
              recipient={recipient}
              position={index + 1}
              errors={recipientErrors(errors, index)}
              isUnknown={unknownKeys.has(recipient.key)}
              providers={providers}
              disabled={disabled}
              onChange={(next) => recipients.change(index, next)}
              onRemove={() => recipients.remove(index)}
              onSendByPost={() => recipients.sendByPost(index, recipient)}
            />
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('compose.recipient.none')}
        </Text>
      )}
      {errors.recipients ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {errors.recipients}
        </Text>
      ) : null}
      {renderContactPicker?.({
        accountId,
        onPick: recipients.addContact,
        label: t('compose.recipient.fromAddressBook'),
      })}
      <AddRecipientMenu onAdd={recipients.add} disabled={disabled} />
    </Stack>
  );
}

/** "Add recipient", by channel: Kuvert address, provider, or post. */
function AddRecipientMenu({
  onAdd,
  disabled,
}: {
  onAdd: (recipient: ComposeRecipient) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            rightSection={<IconChevronDown size={14} aria-hidden="true" />}
            disabled={disabled}
          >
            {t('compose.recipient.add')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconMail size={16} aria-hidden="true" />}
            onClick={() => onAdd(newRecipient('kuvert'))}
          >
            {t('compose.channel.kuvert')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconBuildingBank size={16} aria-hidden="true" />}
            onClick={() => onAdd(newRecipient('provider'))}
          >
            {t('compose.channel.provider')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconMailbox size={16} aria-hidden="true" />}
            onClick={() => onAdd(newRecipient('postal'))}
          >
            {t('compose.channel.postal')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
