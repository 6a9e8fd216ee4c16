import { useMemo, useState } from 'react';
import { DEFAULT_COUNTRY, type CountryCode } from '@kuvert/shared/postal';
import { autoMapFields, autoMapPlaceholders } from '../components/auto-mapping.ts';
import type { MappingState } from '../components/mapping-step.tsx';

/**
 * Which column fills which field and placeholder. What the person chose is kept; whatever they
 * left alone is matched by the column names.
 */
export function useMergeMapping(
  columns: readonly string[],
  columnsKey: string,
  placeholders: readonly string[],
) {
  const [fieldChoice, setFieldChoice] = useState<{ key: string; fields: MappingState['fields'] }>({
    key: '',
    fields: {},
  });
  const [placeholderChoice, setPlaceholderChoice] = useState<Record<string, number | null>>({});
  const [defaultCountry, setDefaultCountry] = useState<CountryCode>(DEFAULT_COUNTRY);

  const fields = useMemo(
    () => (fieldChoice.key === columnsKey ? fieldChoice.fields : autoMapFields(columns)),
    [fieldChoice, columnsKey, columns],
  );
  const mapping: MappingState = useMemo(() => {
    const chosen: Record<string, number> = {};
    const open: string[] = [];
    for (const name of placeholders) {
      const choice = placeholderChoice[name];
      if (choice === undefined) open.push(name);
      else if (choice !== null && choice < columns.length) chosen[name] = choice;
    }
    return {
      fields,
      placeholders: { ...autoMapPlaceholders(open, columns, {}), ...chosen },
      default_country: defaultCountry,
    };
  }, [fields, placeholders, placeholderChoice, columns, defaultCountry]);

  const change = (next: MappingState) => {
    setFieldChoice({ key: columnsKey, fields: next.fields });
    setDefaultCountry(next.default_country);
    setPlaceholderChoice(
      Object.fromEntries(placeholders.map((name) => [name, next.placeholders[name] ?? null])),
    );
  };

  const unmapped = placeholders.filter((name) => mapping.placeholders[name] === undefined);

  return { mapping, change, unmapped };
}
