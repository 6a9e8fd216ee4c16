import type { FastifyInstance } from 'fastify';
import type { CaseFileColor } from '@kuvert/shared/case-files';
import { findPersonalAccountByEmail } from '../users/personal-mailbox.service.ts';
import { createCaseFileItem } from '../case-files/case-file-items.service.ts';
import { createCaseFile } from '../case-files/case-files.service.ts';
import { addDays, dayInDemoZone, isoDay } from './demo-calendar.ts';
import { METER_NUMBER, type DemoLetterKey } from './demo-letters.ts';
import type { DeliveredDemoLetter } from './demo-mailbox.ts';

interface DemoItem {
  title: string;
  /** The letter the item links, dated like it; without one, `daysAgo` dates the item. */
  letter?: DemoLetterKey;
  daysAgo?: number;
  notes: string;
}

interface DemoCaseFile {
  title: string;
  description: string;
  color: CaseFileColor;
  items: DemoItem[];
}

/**
 * Each file holds a letter whose reference number (the meter number, the tax number) a later
 * letter carries too, not yet in the file: that letter's page suggests adding it.
 */
const demoCaseFiles: DemoCaseFile[] = [
  {
    title: 'Wohnung Bergstraße 7',
    description: 'Electricity, rent and everything else about the flat.',
    color: 'teal',
    items: [
      {
        title: 'Moved in: keys and meter reading',
        daysAgo: 430,
        notes: `Handover with the landlord, two keys each for the flat and the cellar.\nElectricity meter (Zählernummer ${METER_NUMBER}) read at 31,418 kWh.`,
      },
      {
        title: 'Meter reading requested',
        letter: 'meterReading',
        notes: 'Read the meter on the day and send the reading with the form “Zählerstand melden”.',
      },
    ],
  },
  {
    title: 'Income tax',
    description: 'Assessments and prepayments from the Finanzamt Freiburg.',
    color: 'grape',
    items: [
      {
        title: 'Tax assessment: refund',
        letter: 'taxAssessment',
        notes: 'Refund of 683.52 € announced. Check that it arrives on the current account.',
      },
    ],
  },
];

/**
 * The demo's case files, in the personal mailbox, made through the case-files service like a
 * user would make them. Runs once, right after the letters were delivered and read.
 */
export async function seedDemoCaseFiles(
  app: FastifyInstance,
  user: { id: string; email: string },
  delivered: readonly DeliveredDemoLetter[],
): Promise<void> {
  const account = await findPersonalAccountByEmail(app.db, user.email);
  if (!account) return;
  const today = dayInDemoZone(app.clock.now());
  for (const demoFile of demoCaseFiles) {
    const file = await createCaseFile(app, user.id, {
      account_id: account.accountId,
      title: demoFile.title,
      description: demoFile.description,
      color: demoFile.color,
    });
    for (const item of demoFile.items) {
      const letter = delivered.find((candidate) => candidate.letter.key === item.letter);
      if (item.letter !== undefined && !letter) continue;
      const day = letter
        ? dayInDemoZone(letter.letter.deliveredAt)
        : addDays(today, -(item.daysAgo ?? 0));
      await createCaseFileItem(app, user.id, file.id, {
        title: item.title,
        date: isoDay(day),
        notes: item.notes,
        letter_ids: letter ? [letter.id] : [],
        upload_ids: [],
      });
    }
  }
}
