import { List, Text } from '@mantine/core';
import type { LetterActivity as Activity, LetterActor } from '@kuvert/shared/letters';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';

type Step = 'read' | 'paid' | 'signed';

function whenOf(actor: LetterActor): string {
  return actor.day_only ? formatCalendarDate(actor.at.slice(0, 10)) : formatDateTime(actor.at);
}

interface LetterActivityProps {
  activity: Activity;
  /** Off where the invoice panel already says who paid it: one statement, not two. */
  showPaid?: boolean;
  /** Off where the signature panel already lists the signers and when they signed. */
  showSigned?: boolean;
}

/**
 * Who else read, paid or signed the letter (a shared mailbox): the caller's own steps are
 * left out, so a letter only they handled shows nothing.
 */
export function LetterActivity({
  activity,
  showPaid = true,
  showSigned = true,
}: LetterActivityProps) {
  const { t } = useTranslation();
  const steps: Array<{ step: Step; actor: LetterActor }> = [
    ...(activity.read ? [{ step: 'read' as const, actor: activity.read }] : []),
    ...(showPaid && activity.paid ? [{ step: 'paid' as const, actor: activity.paid }] : []),
    ...(showSigned ? activity.signed.map((actor) => ({ step: 'signed' as const, actor })) : []),
  ].filter(({ actor }) => !actor.is_you);
  if (steps.length === 0) return null;
  return (
    <List
      listStyleType="none"
      spacing={2}
      aria-label={t('letters.activity.label')}
      data-testid="letter-activity"
    >
      {steps.map(({ step, actor }) => (
        <List.Item key={`${step}-${actor.name}-${actor.at}`}>
          <Text size="sm">
            {t(`letters.activity.${step}`, { name: actor.name, at: whenOf(actor) })}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
