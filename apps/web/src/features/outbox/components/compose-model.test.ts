// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/http.ts';
import {
  checkSendRequest,
  draftFieldsOf,
  emptyComposeFields,
  hasComposeContent,
  newRecipient,
  recipientErrors,
  sendRequestOf,
  serverComposeErrors,
  toPostalRecipient,
  unknownRecipientIndexes,
  withoutRecipientErrors,
} from './compose-model.ts';
import type { ComposeFields } from './compose-model.ts';

// The key and its values, so a test can see which message was chosen.
const t: TFunction = (key, values) =>
  values === undefined ? key : `${key} ${JSON.stringify(values)}`;

const letter = (overrides: Partial<ComposeFields> = {}): ComposeFields => ({
  ...emptyComposeFields,
  subject: 'Kündigung',
  body: 'Hiermit kündige ich.',
  ...overrides,
});

describe('checkSendRequest', () => {
  it('names the field of each recipient that needs fixing, in the language of the page', () => {
    const postal = newRecipient('postal');
    if (postal.channel !== 'postal') throw new Error('postal expected');
    postal.address = {
      ...postal.address,
      name: 'Zofia',
      street: 'Hauptstr. 1',
      city: 'Berlin',
      postcode: '123',
    };
    const errors = checkSendRequest(
      t,
      sendRequestOf(letter({ recipients: [newRecipient('kuvert'), postal] }), 'a1', null),
    );
    expect(recipientErrors(errors, 0)).toEqual({ email: 'validation.email' });
    expect(recipientErrors(errors, 1)['address.postcode']).toContain('validation.postcode');
    expect(recipientErrors(errors, 1)['address.postcode']).toContain('10115');
  });

  it('asks for a recipient, a subject and a text', () => {
    const errors = checkSendRequest(
      t,
      sendRequestOf(letter({ subject: ' ', body: '' }), 'a1', null),
    );
    expect(Object.keys(errors).toSorted()).toEqual(['body', 'recipients', 'subject']);
  });
});

describe('recipient messages', () => {
  it('stay with their recipient when one before it is removed', () => {
    const errors = {
      subject: 's',
      'recipients.0.email': 'first',
      'recipients.2.address.city': 'third',
    };
    expect(withoutRecipientErrors(errors, 1, true)).toEqual({
      subject: 's',
      'recipients.0.email': 'first',
      'recipients.1.address.city': 'third',
    });
    expect(withoutRecipientErrors(errors, 0, false)).toEqual({
      subject: 's',
      'recipients.2.address.city': 'third',
    });
  });

  it('come from the server translated where it named the rule', () => {
    const error = new ApiError(422, 'VALIDATION_FAILED', 'bad', [
      {
        path: 'recipients.0.address.street',
        message: 'too wide',
        i18n: 'validation.addressTooWide',
      },
      { path: 'subject', message: 'whatever' },
    ]);
    expect(serverComposeErrors(t, error)).toEqual({
      'recipients.0.address.street': 'validation.addressTooWide {}',
      subject: 'validation.invalid',
    });
  });
});

describe('an address not on Kuvert', () => {
  it('is found by its index and becomes a postal recipient with the name kept', () => {
    const error = new ApiError(422, 'RECIPIENT_UNKNOWN', 'unknown', [
      { path: 'recipients.1.email', message: 'nobody' },
    ]);
    expect(unknownRecipientIndexes(error)).toEqual([1]);
    const kuvert = { ...newRecipient('kuvert'), contact_id: 'c1' };
    const postal = toPostalRecipient(kuvert, 'Jonas');
    expect(postal).toMatchObject({
      key: kuvert.key,
      channel: 'postal',
      contact_id: 'c1',
      address: { name: 'Jonas', country: 'DE' },
    });
  });
});

describe('hasComposeContent', () => {
  it('counts what a person typed or attached, not an empty card or a country alone', () => {
    const postal = newRecipient('postal');
    expect(hasComposeContent({ ...emptyComposeFields, recipients: [postal] })).toBe(false);
    expect(hasComposeContent({ ...emptyComposeFields, recipients: [newRecipient('kuvert')] })).toBe(
      false,
    );
    expect(hasComposeContent({ ...emptyComposeFields, subject: '   ' })).toBe(false);
    expect(hasComposeContent({ ...emptyComposeFields, body: 'Hallo' })).toBe(true);
    const named = toPostalRecipient(newRecipient('kuvert'), 'Erika Muster');
    expect(hasComposeContent({ ...emptyComposeFields, recipients: [named] })).toBe(true);
  });
});

describe('the language of the printed letter', () => {
  it('is automatic (by country) until chosen, and goes with the draft and the letter', () => {
    expect(sendRequestOf(letter(), 'a1', null).print_language).toBe('auto');
    const chosen = letter({ printLanguage: 'de' });
    expect(draftFieldsOf(chosen).print_language).toBe('de');
    expect(sendRequestOf(chosen, 'a1', 'd1').print_language).toBe('de');
  });
});
