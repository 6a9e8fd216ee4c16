import { Text } from '@mantine/core';
import type { TextProps } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { describeActivity } from '../hooks/case-file-dates.ts';

/** "Updated 3 days ago", or "Updated on 12 Mar 2026" for older activity; the exact time on hover. */
export function CaseFileActivity({ at, ...props }: { at: string } & TextProps) {
  const { t, i18n } = useTranslation();
  const { relative, text } = describeActivity(at, i18n.language);
  return (
    <Text component="span" {...props}>
      <time dateTime={at} title={new Date(at).toLocaleString(i18n.language)}>
        {relative
          ? t('caseFiles.activity.relative', { when: text })
          : t('caseFiles.activity.on', { date: text })}
      </time>
    </Text>
  );
}
