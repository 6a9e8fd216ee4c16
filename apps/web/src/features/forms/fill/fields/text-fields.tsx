import { TextInput, Textarea } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { normaliseIban } from '@kuvert/shared/form-definition';
import { caretAfterFormatting, groupIban, numberAnswerOf, numberTextOf } from '../form-model.ts';
import { autocompleteOf, textOf } from './field-props.ts';
import type { FieldProps } from './field-props.ts';

/** Text, e-mail, date (the browser's own date input), phone: one line, or several. */
export function TextField({ field, id, value, error, onChange, onBlur, disabled }: FieldProps) {
  const common = {
    id,
    label: field.label,
    description: field.help ?? undefined,
    placeholder: field.placeholder ?? undefined,
    required: field.required,
    error: error ?? undefined,
    value: textOf(value),
    maxLength: field.maxLength ?? undefined,
    disabled,
    onBlur,
  };
  if (field.kind === 'text' && field.widget === 'textarea') {
    return (
      <Textarea
        {...common}
        minRows={4}
        autosize
        maxRows={16}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );
  }
  const type =
    field.kind === 'email'
      ? 'email'
      : field.kind === 'date'
        ? 'date'
        : field.kind === 'phone'
          ? 'tel'
          : 'text';
  return (
    <TextInput
      {...common}
      type={type}
      autoComplete={autocompleteOf(field)}
      inputMode={field.kind === 'phone' ? 'tel' : undefined}
      // A date input checks its own length; a maximum there only confuses it.
      maxLength={type === 'date' ? undefined : common.maxLength}
      onChange={(event) => onChange(event.currentTarget.value)}
      spellCheck={field.kind === 'email' ? false : undefined}
    />
  );
}

/** An IBAN: kept without spaces in capitals, shown in groups of four as it is typed. */
export function IbanField({ field, id, value, error, onChange, onBlur, disabled }: FieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const shown = groupIban(textOf(value));
  // After each render that reformatted what was typed, the caret goes back where it was.
  useLayoutEffect(() => {
    if (caret.current === null || input.current === null) return;
    input.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });
  return (
    <TextInput
      ref={input}
      id={id}
      label={field.label}
      description={field.help ?? undefined}
      placeholder={field.placeholder ?? 'DE89 3704 0044 0532 0130 00'}
      required={field.required}
      error={error ?? undefined}
      value={shown}
      // 34 characters at most, and the spaces between their groups.
      maxLength={42}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      disabled={disabled}
      onBlur={onBlur}
      styles={{ input: { fontVariantNumeric: 'tabular-nums', letterSpacing: '0.02em' } }}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        const compact = normaliseIban(typed);
        const at = event.currentTarget.selectionStart ?? typed.length;
        caret.current = caretAfterFormatting(typed, at, groupIban(compact));
        onChange(compact === '' ? undefined : compact);
      }}
    />
  );
}

/**
 * A number or a whole number: typed as text (a decimal comma too) so nothing typed is thrown
 * away; what does not read as a number stays, and the rules say so.
 */
export function NumberField({ field, id, value, error, onChange, onBlur, disabled }: FieldProps) {
  // Answers set from elsewhere (a draft loaded again) mount the fields afresh.
  const [text, setText] = useState(() => numberTextOf(value));
  return (
    <TextInput
      id={id}
      label={field.label}
      description={field.help ?? undefined}
      placeholder={field.placeholder ?? undefined}
      required={field.required}
      error={error ?? undefined}
      value={text}
      inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'}
      autoComplete="off"
      maxLength={40}
      disabled={disabled}
      onBlur={onBlur}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        onChange(numberAnswerOf(next));
      }}
    />
  );
}
