// Mantine's radio styles: no other page draws radio buttons (src/styles.css).
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet, imported for its rules
import '@mantine/core/styles/Radio.layer.css';
import { Checkbox, NativeSelect, Radio, Text } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n.ts';
import { FieldGroup } from './field-group.tsx';
import { textOf } from './field-props.ts';
import type { FieldProps } from './field-props.ts';

/** One of several options: the browser's own select, or radio buttons when the form asks. */
export function ChoiceField({ field, id, value, error, onChange, onBlur, disabled }: FieldProps) {
  const { t } = useTranslation();
  const chosen = textOf(value);
  if (field.widget === 'radio') {
    return (
      <FieldGroup field={field} id={id} error={error}>
        {field.options.map((option, index) => (
          <Radio
            key={option.value}
            id={index === 0 ? id : `${id}-${index}`}
            name={id}
            value={option.value}
            label={option.label}
            checked={chosen === option.value}
            required={field.required}
            disabled={disabled}
            error={error !== null}
            onChange={() => onChange(option.value)}
            onBlur={onBlur}
          />
        ))}
      </FieldGroup>
    );
  }
  return (
    <NativeSelect
      id={id}
      label={field.label}
      description={field.help ?? undefined}
      required={field.required}
      error={error ?? undefined}
      value={chosen}
      disabled={disabled}
      onBlur={onBlur}
      onChange={(event) => {
        const next = event.currentTarget.value;
        onChange(next === '' ? undefined : next);
      }}
      data={[
        { value: '', label: t('forms.fill.chooseOption') },
        ...field.options.map((option) => ({ value: option.value, label: option.label })),
      ]}
    />
  );
}

/** Yes or no; a consent that must be ticked is marked as required. */
export function CheckboxField({ field, id, value, error, onChange, onBlur, disabled }: FieldProps) {
  return (
    <Checkbox
      id={id}
      label={
        <>
          {field.label}
          {field.mustBeTrue ? (
            <Text component="span" c="var(--mantine-color-error)" aria-hidden="true">
              {' *'}
            </Text>
          ) : null}
        </>
      }
      description={field.help ?? undefined}
      required={field.mustBeTrue}
      error={error ?? undefined}
      checked={value === true}
      disabled={disabled}
      onBlur={onBlur}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

/** Any number of the options, each a checkbox. */
export function MultiChoiceField({
  field,
  id,
  value,
  error,
  onChange,
  onBlur,
  disabled,
}: FieldProps) {
  const chosen = Array.isArray(value) ? value : [];
  return (
    <FieldGroup field={field} id={id} error={error}>
      {field.options.map((option, index) => (
        <Checkbox
          key={option.value}
          id={index === 0 ? id : `${id}-${index}`}
          label={option.label}
          checked={chosen.includes(option.value)}
          disabled={disabled}
          error={error !== null}
          onBlur={onBlur}
          onChange={(event) => {
            const isTicked = event.currentTarget.checked;
            // In the order of the options, whatever order they were ticked in.
            const next = field.options
              .map(({ value: optionValue }) => optionValue)
              .filter((optionValue) =>
                optionValue === option.value ? isTicked : chosen.includes(optionValue),
              );
            onChange(next.length === 0 ? undefined : next);
          }}
        />
      ))}
    </FieldGroup>
  );
}
