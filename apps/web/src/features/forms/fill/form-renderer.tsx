import { Stack, Text, Title } from '@mantine/core';
import { answerAt } from '@kuvert/shared/form-definition';
import type { AnswerIssue, FormAnswers, FormField } from '@kuvert/shared/form-definition';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { ChoiceField, CheckboxField, MultiChoiceField } from './fields/choice-fields.tsx';
import type { FieldProps } from './fields/field-props.ts';
import { FileField } from './fields/file-field.tsx';
import type { FormFileSupport } from './fields/file-field.tsx';
import { ListField } from './fields/list-field.tsx';
import { IbanField, NumberField, TextField } from './fields/text-fields.tsx';
import { fieldId } from './form-model.ts';
import type { FillableForm } from './form-model.ts';

interface FormRendererProps {
  form: FillableForm;
  answers: FormAnswers;
  /** Problems to show, by path. */
  issues: ReadonlyMap<string, AnswerIssue>;
  onChange: (path: string, value: unknown) => void;
  onLeave: (path: string) => void;
  files: FormFileSupport;
  disabled: boolean;
}

/** A problem in the person's language, from the shared rule's key and values. */
export function issueMessage(t: TFunction, issue: AnswerIssue): string {
  return t(issue.i18n, issue.values);
}

/**
 * A form on Mantine's inputs, built from the shared field model: its sections in order, each
 * with its title and help, every field labelled, its help and problem read with it.
 */
export function FormRenderer({
  form,
  answers,
  issues,
  onChange,
  onLeave,
  files,
  disabled,
}: FormRendererProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      {form.sections.map((section, index) => {
        const headingId = `form-section-${section.key ?? `loose-${index}`}`;
        const fields = (
          <Stack gap="lg">
            {section.fields.map((field) => (
              <FieldControl
                key={field.path}
                field={field}
                value={answerAt(answers, field.path)}
                issues={issues}
                onChange={(value) => onChange(field.path, value)}
                onLeave={() => onLeave(field.path)}
                files={files}
                disabled={disabled}
                t={t}
              />
            ))}
          </Stack>
        );
        if (section.title === null) return <div key={headingId}>{fields}</div>;
        return (
          <Stack key={headingId} gap="md" component="section" aria-labelledby={headingId}>
            <div>
              <Title order={2} id={headingId} fz="lg">
                {section.title}
              </Title>
              {section.help === null ? null : (
                <Text size="sm" c="dimmed" mt={4}>
                  {section.help}
                </Text>
              )}
            </div>
            {fields}
          </Stack>
        );
      })}
    </Stack>
  );
}

interface FieldControlProps {
  field: FormField;
  value: unknown;
  issues: ReadonlyMap<string, AnswerIssue>;
  onChange: (value: unknown) => void;
  onLeave: () => void;
  files: FormFileSupport;
  disabled: boolean;
  t: TFunction;
}

function FieldControl({
  field,
  value,
  issues,
  onChange,
  onLeave,
  files,
  disabled,
  t,
}: FieldControlProps) {
  // A list shows each entry's problem at the entry; other fields show an item's as their own.
  const own =
    issues.get(field.path) ??
    (field.kind === 'list'
      ? undefined
      : [...issues.values()].find((issue) => issue.path.startsWith(`${field.path}.`)));
  const props: FieldProps = {
    field,
    id: fieldId(field.path),
    value,
    error: own ? issueMessage(t, own) : null,
    onChange,
    onBlur: onLeave,
    disabled,
  };
  switch (field.kind) {
    case 'iban':
      return <IbanField {...props} />;
    case 'number':
    case 'integer':
      return <NumberField {...props} />;
    case 'choice':
      return <ChoiceField {...props} />;
    case 'checkbox':
      return <CheckboxField {...props} />;
    case 'multi-choice':
      return <MultiChoiceField {...props} />;
    case 'list':
      return (
        <ListField
          {...props}
          itemError={(index) => {
            const issue = issues.get(`${field.path}.${index}`);
            return issue ? issueMessage(t, issue) : null;
          }}
        />
      );
    case 'file':
    case 'files':
      return <FileField {...props} files={files} />;
    default:
      return <TextField {...props} />;
  }
}
