import type { Contact } from '@kuvert/shared/contacts';
import { MAX_RECIPIENTS } from '@kuvert/shared/outbox';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  recipientKey,
  toPostalRecipient,
  withoutRecipientErrors,
} from '../components/compose-model.ts';
import type { ComposeRecipient } from '../components/compose-model.ts';
import type { ComposeLetter } from './use-compose-letter.ts';

/** Who the letter goes to: adding (by hand or from the address book), changing, removing. */
export function useComposeRecipients(letter: ComposeLetter) {
  const { t } = useTranslation();
  const { fields, setErrors, unknownKeys, setUnknownKeys } = letter;

  const change = (index: number, recipient: ComposeRecipient) => {
    letter.update({
      ...fields,
      recipients: fields.recipients.map((current, position) =>
        position === index ? recipient : current,
      ),
    });
    setErrors((current) => withoutRecipientErrors(current, index, false));
    if (unknownKeys.has(recipient.key)) {
      setUnknownKeys((current) => new Set([...current].filter((key) => key !== recipient.key)));
    }
  };

  const add = (recipient: ComposeRecipient) => {
    if (fields.recipients.length >= MAX_RECIPIENTS) {
      setErrors((current) => ({
        ...current,
        recipients: t('compose.recipient.tooMany', { max: MAX_RECIPIENTS }),
      }));
      return;
    }
    letter.update({ ...fields, recipients: [...fields.recipients, recipient] });
    letter.clearError('recipients');
  };

  const remove = (index: number) => {
    letter.update({
      ...fields,
      recipients: fields.recipients.filter((_, position) => position !== index),
    });
    setErrors((current) => withoutRecipientErrors(current, index, true));
  };

  /** A Kuvert address the server did not know goes by post instead (the name is a guess). */
  const sendByPost = (index: number, recipient: ComposeRecipient) => {
    const name = recipient.channel === 'kuvert' ? (recipient.email.split('@')[0] ?? '') : '';
    change(index, toPostalRecipient(recipient, name));
  };

  const addContact = (contact: Contact) => {
    const recipient = recipientOfContact(contact);
    if (recipient !== null) {
      add(recipient);
      return;
    }
    setErrors((current) => ({
      ...current,
      recipients: t('compose.recipient.contactWithoutAddress', { name: nameOfContact(contact) }),
    }));
  };

  return { change, add, remove, sendByPost, addContact };
}

function nameOfContact(contact: Contact): string {
  return contact.name === '' ? contact.organisation : contact.name;
}

/** A contact is written to where it can be reached: Kuvert, a provider, else by post. */
function recipientOfContact(contact: Contact): ComposeRecipient | null {
  const key = recipientKey();
  if (contact.digital?.kind === 'kuvert') {
    return { key, channel: 'kuvert', email: contact.digital.email, contact_id: contact.id };
  }
  if (contact.digital?.kind === 'provider') {
    return { key, channel: 'provider', provider_id: contact.digital.provider_id };
  }
  if (!contact.has_postal_address) return null;
  return {
    key,
    channel: 'postal',
    contact_id: contact.id,
    address: {
      name: nameOfContact(contact),
      organisation: contact.name === '' ? '' : contact.organisation,
      street: contact.street,
      postcode: contact.postcode,
      city: contact.city,
      country: contact.country ?? '',
    },
  };
}
