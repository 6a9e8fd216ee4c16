import { Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../../lib/i18n.ts';
import type { FormField } from '@kuvert/shared/form-definition';

interface FieldGroupProps {
  field: FormField;
  /** Where the group's ids start; help and error hang off it. */
  id: string;
  error: string | null;
  children: ReactNode;
}

export const helpIdOf = (id: string) => `${id}-help`;
export const errorIdOf = (id: string) => `${id}-error`;

/**
 * Several controls that answer one question (radio buttons, checkboxes, a list, files): a
 * fieldset whose legend is the question, its help and its problem read with it.
 */
export function FieldGroup({ field, id, error, children }: FieldGroupProps) {
  const { t } = useTranslation();
  const describedBy = [
    field.help === null ? null : helpIdOf(id),
    error === null ? null : errorIdOf(id),
  ].filter((part) => part !== null);
  return (
    <fieldset
      aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      <Text
        component="legend"
        fw="var(--mantine-font-weight-medium)"
        size="sm"
        p={0}
        mb={field.help === null ? 6 : 2}
      >
        {field.label}
        {field.required || field.mustBeTrue ? (
          <>
            <Text component="span" c="var(--mantine-color-error)" aria-hidden="true">
              {' *'}
            </Text>
            <VisuallyHidden>{` (${t('forms.fill.requiredMark')})`}</VisuallyHidden>
          </>
        ) : null}
      </Text>
      {field.help === null ? null : (
        <Text id={helpIdOf(id)} size="xs" c="dimmed" mb={8}>
          {field.help}
        </Text>
      )}
      <Stack gap={8}>{children}</Stack>
      {error === null ? null : (
        <Text id={errorIdOf(id)} size="xs" c="var(--mantine-color-error)" mt={6}>
          {error}
        </Text>
      )}
    </fieldset>
  );
}
