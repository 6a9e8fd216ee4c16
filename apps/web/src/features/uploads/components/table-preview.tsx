import { Group, NativeSelect, Paper, Stack, Table, Text } from '@mantine/core';
import { csvDelimiters, csvEncodings } from '@kuvert/shared/uploads';
import type { CsvDelimiter, CsvEncoding } from '@kuvert/shared/uploads';
import { useState } from 'react';
import { LoadingState, ErrorState } from '../../../components/ui/query-status.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { useUploadTable } from '../api/get-upload-table.ts';
import type { TableReading } from '../api/get-upload-table.ts';
import classes from './table-preview.module.css';

const delimiterNames: Record<CsvDelimiter, 'comma' | 'semicolon' | 'tab' | 'pipe'> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
  '|': 'pipe',
};

const encodingNames: Record<CsvEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252 (Latin-1)',
};

const delimiterLabel = (t: TFunction, delimiter: CsvDelimiter) =>
  t(`uploads.table.delimiters.${delimiterNames[delimiter]}`);

const isEncoding = (value: string): value is CsvEncoding =>
  csvEncodings.some((encoding) => encoding === value);
const isDelimiter = (value: string): value is CsvDelimiter =>
  csvDelimiters.some((delimiter) => delimiter === value);

interface TablePreviewProps {
  uploadId: string;
  name: string;
  detectedEncoding: CsvEncoding | null;
  detectedDelimiter: CsvDelimiter | null;
}

/**
 * A CSV as a table: its first rows, read with the encoding and delimiter Kuvert detected;
 * either can be changed when the guess was wrong (umlauts garbled, everything in one column).
 */
export function TablePreview({
  uploadId,
  name,
  detectedEncoding,
  detectedDelimiter,
}: TablePreviewProps) {
  const { t } = useTranslation();
  const [reading, setReading] = useState<TableReading>({ encoding: null, delimiter: null });
  // What was detected is asked for by name: when reading the file detects better, the
  // table follows.
  const table = useUploadTable(uploadId, {
    encoding: reading.encoding ?? detectedEncoding,
    delimiter: reading.delimiter ?? detectedDelimiter,
  });
  const encoding = reading.encoding ?? table.data?.encoding ?? detectedEncoding;
  const delimiter = reading.delimiter ?? table.data?.delimiter ?? detectedDelimiter;
  const detected = (value: string, isDetected: boolean) =>
    isDetected ? t('uploads.table.detected', { value }) : value;

  const [header, ...rows] = table.data?.rows ?? [];
  const columns = Math.max(header?.length ?? 0, ...rows.map((row) => row.length));
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('uploads.table.encoding')}
            value={encoding ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isEncoding(value)) setReading((current) => ({ ...current, encoding: value }));
            }}
            data={csvEncodings.map((value) => ({
              value,
              label: detected(encodingNames[value], value === detectedEncoding),
            }))}
          />
          <NativeSelect
            label={t('uploads.table.delimiter')}
            value={delimiter ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isDelimiter(value)) setReading((current) => ({ ...current, delimiter: value }));
            }}
            data={csvDelimiters.map((value) => ({
              value,
              label: detected(delimiterLabel(t, value), value === detectedDelimiter),
            }))}
          />
        </Group>
        {table.isPending ? <LoadingState /> : null}
        {table.isError ? (
          <ErrorState error={table.error} onRetry={() => void table.refetch()} />
        ) : null}
        {header ? (
          <div
            className={classes.scroll}
            role="region"
            aria-label={t('uploads.table.scrollRegion', { name })}
            // Keyboard users scroll a wide or long table too.
            tabIndex={0}
          >
            <Table
              miw={Math.min(columns * 120, 1200)}
              striped
              withTableBorder
              withColumnBorders
              stickyHeader
              aria-label={t('uploads.table.label', { name })}
              data-testid="upload-table"
            >
              <Table.Thead>
                <Table.Tr>
                  {Array.from({ length: columns }, (_, index) => (
                    <Table.Th key={index}>{header[index] ?? ''}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, rowIndex) => (
                  <Table.Tr key={rowIndex}>
                    {Array.from({ length: columns }, (_, index) => (
                      <Table.Td key={index}>{row[index] ?? ''}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        ) : null}
        {table.data?.truncated ? (
          <Text size="sm" c="dimmed">
            {t('uploads.table.truncated', { count: table.data.rows.length })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
