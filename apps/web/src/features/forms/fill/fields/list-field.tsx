import { Button, CloseButton, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { FormField } from '@kuvert/shared/form-definition';
import { FORM_LIMITS } from '@kuvert/shared/form-definition';
import { useTranslation } from '../../../../lib/i18n.ts';
import { FieldGroup } from './field-group.tsx';
import type { FieldProps } from './field-props.ts';
import { IbanField, NumberField, TextField } from './text-fields.tsx';

interface ListFieldProps extends FieldProps {
  /** The problem of each entry, by its position. */
  itemError: (index: number) => string | null;
}

let nextKey = 0;
const newKey = () => {
  nextKey += 1;
  return `item-${nextKey}`;
};

/** Any number of values of one kind: each entry its own input, added and removed by button. */
export function ListField({
  field,
  id,
  value,
  error,
  itemError,
  onChange,
  onBlur,
  disabled,
}: ListFieldProps) {
  const { t } = useTranslation();
  const items: unknown[] = Array.isArray(value) ? value : [];
  // Stable keys, so an input keeps what is typed in it when one above goes.
  const [keys, setKeys] = useState<string[]>(() => items.map(() => newKey()));
  /** Where focus goes after an entry was added or removed. */
  const focusIndex = useRef<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const max = field.maxItems ?? FORM_LIMITS.maxItems;
  const itemKind = field.itemKind ?? 'text';

  useEffect(() => {
    const index = focusIndex.current;
    if (index === null) return;
    focusIndex.current = null;
    const target =
      index < items.length ? document.getElementById(itemId(id, index)) : addButton.current;
    target?.focus();
  }, [id, items.length]);

  const setItem = (index: number, next: unknown) =>
    onChange(items.map((item, position) => (position === index ? (next ?? '') : item)));
  const add = () => {
    setKeys([...keys, newKey()]);
    onChange([...items, '']);
    focusIndex.current = items.length;
  };
  const remove = (index: number) => {
    setKeys(keys.filter((_, position) => position !== index));
    const next = items.filter((_, position) => position !== index);
    onChange(next.length === 0 ? undefined : next);
    focusIndex.current = Math.min(index, next.length);
  };

  return (
    <FieldGroup field={field} id={id} error={error}>
      {items.map((item, index) => {
        const label = t('forms.fill.listEntry', { label: field.label, position: index + 1 });
        const itemField: FormField = {
          ...field,
          kind: itemKind,
          label,
          help: null,
          required: false,
        };
        const props = {
          field: itemField,
          id: itemId(id, index),
          value: item,
          error: itemError(index),
          onChange: (next: unknown) => setItem(index, next),
          onBlur,
          disabled,
        };
        return (
          <Group key={keys[index] ?? index} gap="xs" align="flex-start" wrap="nowrap">
            <div style={{ flex: 1, minWidth: 0 }}>
              {itemKind === 'iban' ? (
                <IbanField {...props} />
              ) : itemKind === 'number' || itemKind === 'integer' ? (
                <NumberField {...props} />
              ) : (
                <TextField {...props} />
              )}
            </div>
            <CloseButton
              mt={26}
              aria-label={t('forms.fill.removeEntry', { label })}
              disabled={disabled}
              onClick={() => remove(index)}
            />
          </Group>
        );
      })}
      <Group>
        <Button
          ref={addButton}
          id={items.length === 0 ? id : undefined}
          variant="light"
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          disabled={disabled || items.length >= max}
          aria-label={t('forms.fill.addEntryTo', { label: field.label })}
          onClick={add}
        >
          {t('forms.fill.addEntry')}
        </Button>
      </Group>
    </FieldGroup>
  );
}

/** The first entry takes the field's own id, so the error summary's link lands there. */
function itemId(id: string, index: number): string {
  return index === 0 ? id : `${id}-item-${index}`;
}
