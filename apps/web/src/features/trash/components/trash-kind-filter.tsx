import { Badge, Chip, Group, ScrollArea } from '@mantine/core';
import { trashKinds } from '@kuvert/shared/trash';
import type { TrashCounts, TrashKind } from '@kuvert/shared/trash';
import { useTranslation } from '../../../lib/i18n.ts';

interface TrashKindFilterProps {
  kind: TrashKind | null;
  /** Undefined while loading: the chips show without counts. */
  counts: TrashCounts | undefined;
  onChange: (kind: TrashKind | null) => void;
}

function isTrashKind(value: string): value is TrashKind {
  return trashKinds.some((kind) => kind === value);
}

function CountBadge({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <Badge
      size="sm"
      variant="light"
      color="gray"
      c="var(--kuvert-color-quiet-text)"
      circle={count < 10}
      component="span"
    >
      {count}
    </Badge>
  );
}

/** All, or one kind, each with how many of it the trash holds. */
export function TrashKindFilter({ kind, counts, onChange }: TrashKindFilterProps) {
  const { t } = useTranslation();
  const total =
    counts === undefined ? undefined : Object.values(counts).reduce((sum, n) => sum + n, 0);
  return (
    // One row that scrolls sideways on a narrow screen, as the provider filter does.
    <ScrollArea type="never" offsetScrollbars={false}>
      <Chip.Group
        multiple={false}
        value={kind ?? 'all'}
        onChange={(value) => onChange(isTrashKind(value) ? value : null)}
      >
        <Group gap={8} wrap="nowrap" role="group" aria-label={t('trash.filter.label')} pb={2}>
          <Chip value="all" variant="outline" radius="xl">
            <Group gap={6} wrap="nowrap" component="span">
              <span>{t('trash.filter.all')}</span>
              <CountBadge count={total} />
            </Group>
          </Chip>
          {trashKinds.map((value) => (
            <Chip key={value} value={value} variant="outline" radius="xl">
              <Group gap={6} wrap="nowrap" component="span">
                <span>{t(`trash.kinds.${value}.plural`)}</span>
                <CountBadge count={counts?.[value]} />
              </Group>
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </ScrollArea>
  );
}
