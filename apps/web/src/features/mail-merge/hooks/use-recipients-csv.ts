import { useMemo, useState } from 'react';
import { useCsvInspection } from '../api/mail-merges.ts';
import type { CsvChoice } from '../components/csv-step.tsx';

/** The recipients' CSV: which upload, how it is read, and the columns the server found. */
export function useRecipientsCsv(accountId: string) {
  const [choice, setChoice] = useState<CsvChoice | null>(null);
  const inspection = useCsvInspection(
    choice === null
      ? null
      : {
          account_id: accountId,
          upload_id: choice.upload.id,
          ...(choice.encoding === null ? {} : { encoding: choice.encoding }),
          ...(choice.delimiter === null ? {} : { delimiter: choice.delimiter }),
        },
  );
  const inspected = inspection.isError ? undefined : inspection.data;
  const columns = useMemo(() => inspected?.columns ?? [], [inspected]);
  // A new CSV (or one read differently) is matched by its headers again.
  const columnsKey = `${choice?.upload.id ?? ''}\n${columns.join('\n')}`;

  return {
    choice,
    setChoice,
    inspection,
    inspected,
    columns,
    columnsKey,
    isRead: inspected !== undefined && !inspection.isFetching,
  };
}

/** The recipients' CSV, as the wizard's steps share it. */
export type RecipientsCsv = ReturnType<typeof useRecipientsCsv>;
