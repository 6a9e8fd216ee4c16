import type { LetterSummary, ProviderRef } from '@kuvert/shared/letters';

/** Who a letter is from (inbound) or to (outbound), as one line, with the provider if any. */
export interface Correspondent {
  name: string;
  provider: ProviderRef | null;
}

export function correspondentOf(letter: LetterSummary): Correspondent {
  if (letter.provider !== null) return { name: letter.provider.name, provider: letter.provider };
  if (letter.direction === 'inbound') {
    return { name: letter.sender_person?.name ?? '', provider: null };
  }
  return { name: letter.recipients.map((recipient) => recipient.name).join(', '), provider: null };
}
