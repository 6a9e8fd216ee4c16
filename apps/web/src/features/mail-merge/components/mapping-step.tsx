import { Alert, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { mailMergeRecipientFields, type MailMergeRecipientField } from '@kuvert/shared/mail-merge';
import { countryCodes, countryName, type CountryCode } from '@kuvert/shared/postal';
import { getLanguage, useTranslation } from '../../../lib/i18n.ts';
import type { TFunction } from '../../../lib/i18n.ts';

export interface MappingState {
  fields: Partial<Record<MailMergeRecipientField, number>>;
  placeholders: Record<string, number>;
  default_country: CountryCode;
}

const NOT_USED = '';

function fieldLabel(t: TFunction, field: MailMergeRecipientField): string {
  switch (field) {
    case 'name':
      return t('mailMerge.mapping.fields.name');
    case 'first_name':
      return t('mailMerge.mapping.fields.first_name');
    case 'organisation':
      return t('mailMerge.mapping.fields.organisation');
    case 'street':
      return t('mailMerge.mapping.fields.street');
    case 'postcode':
      return t('mailMerge.mapping.fields.postcode');
    case 'city':
      return t('mailMerge.mapping.fields.city');
    case 'country':
      return t('mailMerge.mapping.fields.country');
    case 'email':
      return t('mailMerge.mapping.fields.email');
  }
}

interface MappingStepProps {
  columns: readonly string[];
  placeholders: readonly string[];
  mapping: MappingState;
  onChange: (mapping: MappingState) => void;
}

/** Step 3: which column holds each recipient field and each placeholder's value. */
export function MappingStep({ columns, placeholders, mapping, onChange }: MappingStepProps) {
  const { t } = useTranslation();
  const language = getLanguage();
  const columnOptions = [
    { value: NOT_USED, label: t('mailMerge.mapping.notUsed') },
    ...columns.map((column, index) => ({
      value: String(index),
      label:
        column.trim() === '' ? t('mailMerge.mapping.columnNumber', { number: index + 1 }) : column,
    })),
  ];
  const toColumn = (value: string | null) =>
    value === null || value === NOT_USED ? undefined : Number(value);
  const unmapped = placeholders.filter((name) => mapping.placeholders[name] === undefined);
  const countries = countryCodes
    .map((code) => ({ value: code, label: countryName(code, language) }))
    .toSorted((a, b) => a.label.localeCompare(b.label, language));

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={3} fz="h4">
          {t('mailMerge.mapping.recipientTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('mailMerge.mapping.recipientHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {mailMergeRecipientFields.map((field) => {
            const column = mapping.fields[field];
            return (
              <Select
                key={field}
                label={fieldLabel(t, field)}
                required={field === 'name'}
                data={columnOptions}
                value={column === undefined ? NOT_USED : String(column)}
                allowDeselect={false}
                error={
                  field === 'name' && column === undefined
                    ? t('mailMerge.mapping.nameRequired')
                    : null
                }
                onChange={(value) => {
                  const fields = { ...mapping.fields };
                  const next = toColumn(value);
                  if (next === undefined) delete fields[field];
                  else fields[field] = next;
                  onChange({ ...mapping, fields });
                }}
              />
            );
          })}
          <Select
            label={t('mailMerge.mapping.defaultCountry')}
            description={t('mailMerge.mapping.defaultCountryHint')}
            data={countries}
            searchable
            value={mapping.default_country}
            allowDeselect={false}
            onChange={(value) => {
              const code = countryCodes.find((candidate) => candidate === value);
              if (code) onChange({ ...mapping, default_country: code });
            }}
          />
        </SimpleGrid>
      </Stack>
      <Stack gap="sm">
        <Title order={3} fz="h4">
          {t('mailMerge.mapping.placeholderTitle')}
        </Title>
        {placeholders.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('mailMerge.mapping.noPlaceholders')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {placeholders.map((name) => {
              const column = mapping.placeholders[name];
              return (
                <Select
                  key={name}
                  label={`{{${name}}}`}
                  data={columnOptions}
                  value={column === undefined ? NOT_USED : String(column)}
                  allowDeselect={false}
                  error={column === undefined ? t('mailMerge.mapping.unmapped') : null}
                  onChange={(value) => {
                    const next = { ...mapping.placeholders };
                    const chosen = toColumn(value);
                    if (chosen === undefined) delete next[name];
                    else next[name] = chosen;
                    onChange({ ...mapping, placeholders: next });
                  }}
                />
              );
            })}
          </SimpleGrid>
        )}
        {unmapped.length > 0 ? (
          <Alert color="orange" variant="light" role="status">
            {t('mailMerge.mapping.unmappedSummary', {
              count: unmapped.length,
              names: unmapped.map((name) => `{{${name}}}`).join(', '),
            })}
          </Alert>
        ) : null}
      </Stack>
    </Stack>
  );
}
