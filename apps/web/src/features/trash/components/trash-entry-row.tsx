import { Anchor, Badge, Button, Checkbox, Text, ThemeIcon } from '@mantine/core';
import { IconRestore, IconTrashX } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TrashEntry } from '@kuvert/shared/trash';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { formatDate, formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { entryHref, kindLooks, originOf } from './trash-kinds.ts';
import classes from './trash-list.module.css';

interface TrashEntryRowProps {
  entry: TrashEntry;
  isSelected: boolean;
  /** Null for a viewer: nothing to select, restore or delete. */
  onToggle: ((entry: TrashEntry) => void) | null;
  onRestore: (entry: TrashEntry) => void;
  onDelete: (entry: TrashEntry) => void;
  isRestoring: boolean;
}

/** What a trashed thing is, where it was and when it went; Restore and Delete forever. */
export function TrashEntryRow({
  entry,
  isSelected,
  onToggle,
  onRestore,
  onDelete,
  isRestoring,
}: TrashEntryRowProps) {
  const { t } = useTranslation();
  const look = kindLooks[entry.kind];
  const kindLabel = t(`trash.kinds.${entry.kind}.label`);
  const kindName = t(`trash.kinds.${entry.kind}.name`);
  const href = entryHref(entry);
  const origin = originOf(t, entry.origin);
  const detail =
    entry.kind === 'case_file_item' && entry.detail !== null
      ? formatCalendarDate(entry.detail)
      : entry.detail;
  const count =
    // Nothing went with an empty folder or file: nothing to say.
    entry.count !== null &&
    entry.count > 0 &&
    (entry.kind === 'folder' || entry.kind === 'case_file')
      ? t(`trash.count.${entry.kind}`, { count: entry.count })
      : null;
  const labels = { kind: kindName, name: entry.name };
  return (
    <li
      className={classes.row}
      data-selected={isSelected || undefined}
      data-selectable={onToggle !== null}
      data-kind={entry.kind}
    >
      {onToggle ? (
        <Checkbox
          checked={isSelected}
          onChange={() => onToggle(entry)}
          aria-label={t('trash.select', labels)}
        />
      ) : null}
      <ThemeIcon variant="light" color={look.color} size={40} radius="md" aria-hidden="true">
        <look.icon size={22} stroke={1.6} />
      </ThemeIcon>
      <div className={classes.main}>
        <div className={classes.heading}>
          <Badge
            variant="light"
            color="gray"
            c="var(--kuvert-color-quiet-text)"
            radius="sm"
            tt="none"
            style={{ flexShrink: 0 }}
          >
            {kindLabel}
          </Badge>
          {href === null ? (
            <Text component="span" fw={600} className={classes.name} title={entry.name}>
              {entry.name}
            </Text>
          ) : (
            <Anchor component={Link} to={href} fw={600} c="bright" className={classes.name}>
              {entry.name}
            </Anchor>
          )}
        </div>
        <Text size="sm" c="dimmed" className={classes.facts} component="div">
          {detail === null ? null : <span>{detail}</span>}
          {count === null ? null : <span>{count}</span>}
          <span>
            {t('trash.wasIn')}{' '}
            <Anchor component={Link} to={origin.href} inherit underline="always">
              {origin.label}
            </Anchor>
          </span>
          <span>
            <time dateTime={entry.trashed_at} title={formatDateTime(entry.trashed_at)}>
              {t('trash.trashedOn', { date: formatDate(entry.trashed_at) })}
            </time>
          </span>
        </Text>
      </div>
      {onToggle ? (
        <div className={classes.actions}>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRestore size={16} aria-hidden="true" />}
            loading={isRestoring}
            onClick={() => onRestore(entry)}
            aria-label={t('trash.restoreLabel', labels)}
          >
            {t('trash.restore')}
          </Button>
          <Button
            variant="default"
            color="red"
            size="xs"
            leftSection={<IconTrashX size={16} aria-hidden="true" />}
            onClick={() => onDelete(entry)}
            aria-label={t('trash.deleteForeverLabel', labels)}
          >
            {t('trash.deleteForever')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
