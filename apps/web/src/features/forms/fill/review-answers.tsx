import { Anchor, Box, Stack, Text, Title } from '@mantine/core';
import { answerAt } from '@kuvert/shared/form-definition';
import type { FormAnswers, FormField } from '@kuvert/shared/form-definition';
import type { FormFile } from '@kuvert/shared/forms';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { groupIban } from './form-model.ts';
import type { FillableForm } from './form-model.ts';

interface ReviewAnswersProps {
  form: FillableForm;
  answers: FormAnswers;
  filesById: ReadonlyMap<string, FormFile>;
  /** Back to the form, at this field. */
  onEdit: (path: string) => void;
}

/** Every question with its answer, as it will be sent; each with a way back to change it. */
export function ReviewAnswers({ form, answers, filesById, onEdit }: ReviewAnswersProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      {form.sections.map((section, index) => (
        <Stack key={section.key ?? `loose-${index}`} gap="xs">
          {section.title === null ? null : (
            <Title order={3} fz="md">
              {section.title}
            </Title>
          )}
          <Box component="dl" m={0}>
            {section.fields.map((field) => {
              const shown = shownAnswer(t, field, answerAt(answers, field.path), filesById);
              return (
                <Box
                  key={field.path}
                  py="xs"
                  style={{ borderBottom: '1px solid var(--kuvert-color-border)' }}
                  data-review-field={field.path}
                >
                  <Text component="dt" size="sm" c="dimmed">
                    {field.label}
                  </Text>
                  <Text
                    component="dd"
                    m={0}
                    fw={shown === null ? 400 : 500}
                    fs={shown === null ? 'italic' : undefined}
                    style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  >
                    {shown ?? t('forms.fill.review.notAnswered')}{' '}
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      fs="normal"
                      fw={400}
                      onClick={() => onEdit(field.path)}
                      aria-label={t('forms.fill.review.changeField', { label: field.label })}
                    >
                      {t('forms.fill.review.change')}
                    </Anchor>
                  </Text>
                </Box>
              );
            })}
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}

/** One value as a person reads it: an IBAN in groups, a date in their language. */
function single(kind: FormField['kind'] | FormField['itemKind'], item: unknown): string {
  if (kind === 'iban' && typeof item === 'string') return groupIban(item);
  if (kind === 'date' && typeof item === 'string' && /^\d{4}-\d{2}-\d{2}$/u.test(item)) {
    return formatCalendarDate(item);
  }
  return String(item);
}

/** An answer as a person reads it; null when not answered. */
export function shownAnswer(
  t: TFunction,
  field: FormField,
  value: unknown,
  filesById: ReadonlyMap<string, FormFile>,
): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value) && value.length === 0) return null;
  const optionLabel = (item: unknown) =>
    field.options.find((option) => option.value === item)?.label ?? String(item);
  const fileName = (item: unknown) =>
    (typeof item === 'string' ? filesById.get(item)?.filename : undefined) ??
    t('forms.fill.file.unknownName');
  switch (field.kind) {
    case 'checkbox':
      return value === true ? t('forms.fill.review.yes') : t('forms.fill.review.no');
    case 'choice':
      return optionLabel(value);
    case 'multi-choice':
      return Array.isArray(value) ? value.map(optionLabel).join(', ') : optionLabel(value);
    case 'file':
      return fileName(value);
    case 'files':
      return Array.isArray(value) ? value.map(fileName).join(', ') : fileName(value);
    case 'list':
      return Array.isArray(value)
        ? value
            .filter((item) => item !== '')
            .map((item) => single(field.itemKind, item))
            .join(', ')
        : String(value);
    default:
      return single(field.kind, value);
  }
}
