/*
 * Writing iCalendar (RFC 5545) text: the feed of due dates and the one-event files of the
 * letters. Everything that reaches a TEXT value is escaped (a provider's name is hostile text:
 * `;`, `,`, `\` and line breaks would otherwise start properties of their own), and every
 * content line is folded at 75 octets without splitting a UTF-8 character.
 */

const MAX_LINE_OCTETS = 75;

/** Escapes a TEXT value (RFC 5545 §3.3.11); other control characters are dropped. */
export function escapeIcsText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // oxlint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/**
 * Folds one content line (RFC 5545 §3.1): at most 75 octets per physical line, a continuation
 * begins with one space (which counts). A character's UTF-8 bytes are never split.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      // The leading space of the next line takes one octet.
      limit = MAX_LINE_OCTETS - 1;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A calendar day (YYYY-MM-DD) as an iCalendar DATE: 20260315. */
export function icsDate(day: string): string {
  return day.replaceAll('-', '');
}

/** An instant as an iCalendar UTC DATE-TIME: 20260315T083000Z. */
export function icsDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** An all-day event. `start` is a calendar day; the event lasts that one day. */
export interface IcsAllDayEvent {
  uid: string;
  start: string;
  summary: string;
  description: string;
  url: string;
}

export interface IcsCalendar {
  /** The calendar's name in calendar apps (X-WR-CALNAME). */
  name: string;
  /** The zone the days are counted in (X-WR-TIMEZONE), such as Europe/Berlin. */
  timeZone: string;
  /** An ISO 8601 duration, such as PT1H (REFRESH-INTERVAL). */
  refreshInterval: string;
  /** DTSTAMP of every event: when this text was made. */
  stamp: Date;
  events: readonly IcsAllDayEvent[];
}

/** The day after `day` (YYYY-MM-DD), plain calendar arithmetic: an all-day event's DTEND. */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** A whole VCALENDAR, CRLF line ends, every line folded. */
export function writeIcsCalendar(calendar: IcsCalendar): string {
  const stamp = icsDateTime(calendar.stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kuvert//Due dates//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(calendar.name)}`,
    `X-WR-TIMEZONE:${escapeIcsText(calendar.timeZone)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${calendar.refreshInterval}`,
    `X-PUBLISHED-TTL:${calendar.refreshInterval}`,
  ];
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeIcsText(event.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${icsDate(event.start)}`,
      `DTEND;VALUE=DATE:${icsDate(nextDay(event.start))}`,
      `SUMMARY:${escapeIcsText(event.summary)}`,
      `DESCRIPTION:${escapeIcsText(event.description)}`,
      // A URI value is not TEXT: it is not escaped, and the address holds no CR or LF.
      `URL;VALUE=URI:${event.url.replace(/[\r\n]/g, '')}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
