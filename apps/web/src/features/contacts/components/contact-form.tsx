import {
  Button,
  Grid,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useState } from 'react';
import type { ContactInput } from '@kuvert/shared/contacts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  contactInputOf,
  serverContactErrors,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactFormValues,
  type DigitalKind,
} from '../hooks/contact-fields.ts';
import { CountrySelect } from './country-select.tsx';

export interface ProviderChoice {
  id: string;
  name: string;
}

interface ContactFormProps {
  initialValues: ContactFormValues;
  /** The providers the person knows (they have letters from), for the digital address. */
  providers: ProviderChoice[];
  submitLabel: string;
  isPending: boolean;
  /** The save's error, if it failed: field problems go to their fields, the rest on top. */
  error: unknown;
  onSubmit: (contact: ContactInput) => void;
  onCancel: () => void;
  /** Extra actions beside Save (Delete on the edit page). */
  extraActions?: ReactNode;
  readOnly?: boolean;
}

const digitalKinds: readonly DigitalKind[] = ['none', 'kuvert', 'provider'];
const isDigitalKind = (value: string): value is DigitalKind =>
  digitalKinds.some((kind) => kind === value);

function fieldOfValue(key: keyof ContactFormValues): ContactField {
  switch (key) {
    case 'kuvertEmail':
    case 'providerId':
    case 'digitalKind':
      return 'digital';
    default:
      return key;
  }
}

/** Every field of a contact with its own translated problem; nothing typed is ever lost. */
export function ContactForm({
  initialValues,
  providers,
  submitLabel,
  isPending,
  error,
  onSubmit,
  onCancel,
  extraActions,
  readOnly = false,
}: ContactFormProps) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<ContactErrors>({});
  const serverErrors = serverContactErrors(t, error, i18n.language);
  const shown = (field: ContactField) => errors[field] ?? serverErrors[field];
  const hasFieldProblems = Object.keys(serverErrors).length > 0;

  const set = <Key extends keyof ContactFormValues>(key: Key, value: ContactFormValues[Key]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [fieldOfValue(key)]: undefined }));
  };
  const text = (field: Exclude<ContactField, 'country' | 'digital'>) => ({
    name: field,
    label: t(`contacts.fields.${field}`),
    value: values[field],
    error: shown(field),
    readOnly,
    onChange: (event: { currentTarget: { value: string } }) =>
      set(field, event.currentTarget.value),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateContact(t, values, i18n.language);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // After React has marked the fields: the first problem gets the focus.
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus(),
      );
      return;
    }
    onSubmit(contactInputOf(values));
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={submitLabel}>
      <Stack gap="xl">
        {error && !hasFieldProblems ? (
          <FormAlert tone="error">{translateError(t, error)}</FormAlert>
        ) : null}
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('contacts.form.who')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput {...text('name')} autoComplete="off" data-autofocus />
            <TextInput {...text('organisation')} autoComplete="off" />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('contacts.form.whoHint')}
          </Text>
        </Stack>

        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('contacts.form.postal')}
          </Title>
          <TextInput {...text('street')} autoComplete="off" />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput {...text('postcode')} autoComplete="off" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput {...text('city')} autoComplete="off" />
            </Grid.Col>
          </Grid>
          <CountrySelect
            value={values.country}
            onChange={(country) => set('country', country)}
            error={shown('country')}
          />
        </Stack>

        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('contacts.form.digital')}
          </Title>
          <Text size="sm" c="dimmed" id="digital-hint">
            {t('contacts.form.digitalHint')}
          </Text>
          <SegmentedControl
            value={values.digitalKind}
            onChange={(kind) => {
              if (isDigitalKind(kind)) set('digitalKind', kind);
            }}
            readOnly={readOnly}
            aria-describedby="digital-hint"
            data={digitalKinds.map((kind) => ({
              value: kind,
              label: t(`contacts.digital.${kind}`),
            }))}
            fullWidth
            style={{ maxWidth: 520 }}
          />
          {values.digitalKind === 'kuvert' ? (
            <TextInput
              name="kuvertEmail"
              type="email"
              label={t('contacts.form.kuvertEmail')}
              description={t('contacts.form.kuvertEmailHint')}
              value={values.kuvertEmail}
              onChange={(event) => set('kuvertEmail', event.currentTarget.value)}
              error={shown('digital')}
              readOnly={readOnly}
            />
          ) : null}
          {values.digitalKind === 'provider' ? (
            <Select
              name="providerId"
              label={t('contacts.form.provider')}
              description={providers.length === 0 ? t('contacts.form.noProviders') : undefined}
              data={providers.map((provider) => ({ value: provider.id, label: provider.name }))}
              value={values.providerId}
              onChange={(providerId) => set('providerId', providerId)}
              searchable
              error={shown('digital')}
              readOnly={readOnly}
            />
          ) : null}
        </Stack>

        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('contacts.form.more')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput {...text('email')} type="email" autoComplete="off" />
            <TextInput {...text('phone')} type="tel" autoComplete="off" />
          </SimpleGrid>
          <Textarea {...text('notes')} autosize minRows={2} maxRows={8} />
        </Stack>

        <Group gap="sm" justify="space-between">
          <Group gap="sm">
            {readOnly ? null : (
              <Button type="submit" loading={isPending}>
                {submitLabel}
              </Button>
            )}
            <Button variant="default" onClick={onCancel}>
              {readOnly ? t('dialog.close') : t('dialog.cancel')}
            </Button>
          </Group>
          {extraActions}
        </Group>
      </Stack>
    </form>
  );
}
