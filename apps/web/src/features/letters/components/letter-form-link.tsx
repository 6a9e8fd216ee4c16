import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconForms } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { LetterDetail } from '@kuvert/shared/letters';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * A letter that asks the reader to fill out one of its provider's forms: the way to it, or
 * word that the provider has taken the form down.
 */
export function LetterFormLink({ form }: { form: NonNullable<LetterDetail['form']> }) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-letter-form={form.id}
      style={{
        borderColor: form.available ? 'var(--mantine-primary-color-light-hover)' : undefined,
        background: form.available ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Group gap="md" wrap="wrap" justify="space-between">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <ThemeIcon
            variant={form.available ? 'filled' : 'light'}
            color={form.available ? undefined : 'gray'}
            size={40}
            radius="xl"
            aria-hidden="true"
          >
            <IconForms size={22} />
          </ThemeIcon>
          {form.available ? (
            <Text fw={600}>{t('forms.browse.fromLetter.asks')}</Text>
          ) : (
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {form.title}
              </Text>
              <Text size="sm" c="dimmed">
                {t('forms.browse.fromLetter.unavailable')}
              </Text>
            </Stack>
          )}
        </Group>
        {form.available ? (
          <Button
            component={Link}
            to={paths.formAdd(form.provider_id, form.id)}
            rightSection={<IconArrowRight size={16} aria-hidden="true" />}
            style={{ maxWidth: '100%' }}
            styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.35 } }}
            h="auto"
            mih={36}
            py={8}
          >
            {t('forms.browse.fromLetter.fillOut', { title: form.title })}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
