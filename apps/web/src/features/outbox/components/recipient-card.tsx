import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconBuildingBank, IconMail, IconMailbox, IconX } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { POSTAL_FIELD_MAX_LENGTH, POSTCODE_MAX_LENGTH } from '@kuvert/shared/postal';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ComposeRecipient, PostalFields } from './compose-model.ts';
import { CountrySelect } from './country-select.tsx';

export interface ProviderChoice {
  id: string;
  name: string;
}

interface RecipientCardProps {
  recipient: ComposeRecipient;
  /** 1-based, for labels: "Recipient 2". */
  position: number;
  /** This recipient's messages by field (`email`, `address.city`, `` for the whole). */
  errors: Record<string, string>;
  /** The server knows nobody on Kuvert with this address. */
  isUnknown: boolean;
  providers: readonly ProviderChoice[];
  onChange: (recipient: ComposeRecipient) => void;
  onRemove: () => void;
  /** Turns an unknown Kuvert address into a postal recipient. */
  onSendByPost: () => void;
  disabled: boolean;
}

const channelIcons: Record<ComposeRecipient['channel'], ComponentType<{ size?: number }>> = {
  provider: IconBuildingBank,
  kuvert: IconMail,
  postal: IconMailbox,
};

/** One recipient: how the letter goes to them, and where. */
export function RecipientCard({
  recipient,
  position,
  errors,
  isUnknown,
  providers,
  onChange,
  onRemove,
  onSendByPost,
  disabled,
}: RecipientCardProps) {
  const { t } = useTranslation();
  const Icon = channelIcons[recipient.channel];
  const channelLabel = t(`compose.channel.${recipient.channel}`);
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-recipient-channel={recipient.channel}
      aria-label={t('compose.recipient.label', { position, channel: channelLabel })}
      style={isUnknown ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Badge
            variant="light"
            radius="sm"
            tt="none"
            leftSection={<Icon size={14} />}
            c="var(--mantine-color-kuvert-light-color)"
          >
            {channelLabel}
          </Badge>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onRemove}
            disabled={disabled}
            aria-label={t('compose.recipient.remove', { position })}
          >
            <IconX size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
        {recipient.channel === 'provider' ? (
          <Select
            label={t('compose.recipient.provider')}
            placeholder={t('compose.recipient.providerPlaceholder')}
            data={providers.map((provider) => ({ value: provider.id, label: provider.name }))}
            value={recipient.provider_id === '' ? null : recipient.provider_id}
            onChange={(next) => onChange({ ...recipient, provider_id: next ?? '' })}
            searchable
            required
            disabled={disabled}
            nothingFoundMessage={t('compose.recipient.noProvider')}
            error={errors.provider_id ?? errors['']}
          />
        ) : null}
        {recipient.channel === 'kuvert' ? (
          <Stack gap={6}>
            <TextInput
              type="email"
              label={t('compose.recipient.email')}
              description={t('compose.recipient.emailHint')}
              value={recipient.email}
              onChange={(event) => onChange({ ...recipient, email: event.currentTarget.value })}
              maxLength={254}
              required
              disabled={disabled}
              autoComplete="off"
              error={isUnknown ? t('compose.recipient.notOnKuvert') : (errors.email ?? errors[''])}
            />
            {isUnknown ? (
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconMailbox size={16} aria-hidden="true" />}
                  onClick={onSendByPost}
                  disabled={disabled}
                >
                  {t('compose.recipient.sendByPost')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : null}
        {recipient.channel === 'postal' ? (
          <PostalAddressFields
            address={recipient.address}
            errors={errors}
            disabled={disabled}
            onChange={(address) => onChange({ ...recipient, address })}
          />
        ) : null}
        {recipient.channel === 'postal' && errors[''] !== undefined ? (
          <Text size="sm" c="var(--mantine-color-error)">
            {errors['']}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

interface PostalAddressFieldsProps {
  address: PostalFields;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (address: PostalFields) => void;
}

/** The address as it goes in the envelope's window. */
function PostalAddressFields({ address, errors, disabled, onChange }: PostalAddressFieldsProps) {
  const { t } = useTranslation();
  const field = (name: Exclude<keyof PostalFields, 'country'>) => ({
    value: address[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange({ ...address, [name]: event.currentTarget.value }),
    error: errors[`address.${name}`],
    disabled,
    maxLength: name === 'postcode' ? POSTCODE_MAX_LENGTH : POSTAL_FIELD_MAX_LENGTH,
  });
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
        <TextInput
          label={t('compose.address.name')}
          required
          autoComplete="off"
          {...field('name')}
        />
        <TextInput
          label={t('compose.address.organisation')}
          autoComplete="off"
          {...field('organisation')}
        />
      </SimpleGrid>
      <TextInput
        label={t('compose.address.street')}
        required
        autoComplete="off"
        {...field('street')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" verticalSpacing="xs">
        <TextInput
          label={t('compose.address.postcode')}
          required
          autoComplete="off"
          {...field('postcode')}
        />
        <TextInput
          label={t('compose.address.city')}
          required
          autoComplete="off"
          {...field('city')}
        />
        <CountrySelect
          label={t('compose.address.country')}
          value={address.country}
          onChange={(country) => onChange({ ...address, country })}
          error={errors['address.country']}
          required
        />
      </SimpleGrid>
    </Stack>
  );
}
