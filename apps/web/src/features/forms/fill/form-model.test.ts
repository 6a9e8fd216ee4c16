import { describe, expect, it } from 'vitest';
import {
  answersForDraft,
  answersThatFit,
  answersToSend,
  caretAfterFormatting,
  fileIdsOf,
  fillableForm,
  groupIban,
  issuesByPath,
  numberAnswerOf,
  prefilledAnswers,
  serverIssues,
  visibleIssues,
  withoutFiles,
} from './form-model.ts';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', 'x-kuvert-prefill': 'profile.full_name' },
    email: { type: 'string', format: 'email', title: 'E-mail' },
    people: { type: 'integer', title: 'People', minimum: 1, maximum: 9 },
    phones: { type: 'array', title: 'Phones', items: { type: 'string', format: 'phone' } },
    proof: { type: 'string', format: 'file', title: 'Proof' },
    address: {
      type: 'object',
      title: 'Address',
      properties: {
        city: { type: 'string', title: 'City', 'x-kuvert-prefill': 'profile.address.city' },
      },
      required: ['city'],
    },
  },
  required: ['name', 'email'],
};

function testForm() {
  const form = fillableForm(schema, {});
  if (form === null) throw new Error('the test definition was refused');
  return form;
}

describe('the field model of a definition', () => {
  it('reads a checked definition into sections of fields', () => {
    const form = testForm();
    expect(form.sections.map((section) => section.title)).toEqual([null, 'Address']);
    expect(form.fields.map((field) => `${field.path}:${field.kind}`)).toEqual([
      'name:text',
      'email:email',
      'people:integer',
      'phones:list',
      'proof:file',
      'address.city:text',
    ]);
  });

  it('refuses what the shared check refuses, instead of drawing half a form', () => {
    expect(fillableForm({ type: 'object', properties: { a: { type: 'foo' } } }, {})).toBeNull();
    expect(fillableForm('not a schema', {})).toBeNull();
  });
});

describe('answers', () => {
  it('starts from the profile where the form asks for it', () => {
    const form = testForm();
    expect(
      prefilledAnswers(form.fields, {
        name: 'Erika Mustermann',
        'address.city': 'Berlin',
        email: '',
      }),
    ).toEqual({ name: 'Erika Mustermann', address: { city: 'Berlin' } });
  });

  it('sends only what was answered', () => {
    const form = testForm();
    expect(
      answersToSend(form.fields, {
        name: 'Erika',
        email: '  ',
        phones: [],
        address: { city: '' },
        stray: 'x',
      }),
    ).toEqual({ name: 'Erika' });
  });

  it('keeps in a draft what a draft may hold, without the half-typed', () => {
    const form = testForm();
    expect(
      answersForDraft(form.fields, {
        name: 'Erika',
        email: 'not yet an address',
        people: 'two',
        phones: ['+49 30 123456', 42, '+49 40 654321'],
      }),
    ).toEqual({
      name: 'Erika',
      // Formats are for sending: a draft keeps the unfinished address.
      email: 'not yet an address',
      phones: ['+49 30 123456', '+49 40 654321'],
    });
  });

  it('keeps of answers from another version only the fields this one has', () => {
    const form = testForm();
    expect(
      answersThatFit(form.fields, { name: 'Erika', gone: 'x', address: { city: 'Köln', zip: 1 } }),
    ).toEqual({ name: 'Erika', address: { city: 'Köln' } });
    expect(answersThatFit(form.fields, ['not', 'answers'])).toEqual({});
  });

  it('knows the files the answers name and can drop them', () => {
    const form = testForm();
    const answers = { name: 'Erika', proof: 'file-1' };
    expect(fileIdsOf(form.fields, answers)).toEqual(['file-1']);
    expect(withoutFiles(form.fields, answers)).toEqual({ name: 'Erika' });
  });
});

describe('problems to show', () => {
  it('uses the shared rules, with the values of their messages', () => {
    const form = testForm();
    const issues = issuesByPath(form.fields, {
      email: 'erika@',
      people: 12,
      phones: ['+49 30 123456', 'call me'],
    });
    expect([...issues.keys()]).toEqual(['name', 'email', 'people', 'phones.1', 'address.city']);
    expect(issues.get('people')).toMatchObject({
      i18n: 'forms.validation.tooLarge',
      values: { max: '9' },
    });
    expect(issues.get('email')?.i18n).toBe('forms.validation.email');
  });

  it('shows a field’s problems once it was left, and all of them after a try to go on', () => {
    const form = testForm();
    const issues = issuesByPath(form.fields, { email: 'erika@', phones: ['x'] });
    expect([...visibleIssues(issues, new Set(), false).keys()]).toEqual([]);
    expect([...visibleIssues(issues, new Set(['email', 'phones']), false).keys()]).toEqual([
      'email',
      'phones.0',
    ]);
    expect(visibleIssues(issues, new Set(), true).size).toBe(issues.size);
  });

  it('takes the server’s refusals by the shared rule, not by its English message', () => {
    const refused = serverIssues([
      {
        path: 'data.people',
        message: 'At most 9.',
        i18n: 'forms.validation.tooLarge',
        values: { max: '9' },
      },
      { path: 'data.email', message: 'Weird', i18n: 'something.else' },
      { path: 'receipt_email', message: 'Invalid email' },
    ]);
    expect([...refused.values()]).toEqual([
      {
        path: 'people',
        rule: 'tooLarge',
        i18n: 'forms.validation.tooLarge',
        values: { max: '9' },
        message: 'At most 9.',
      },
    ]);
  });
});

describe('typing', () => {
  it('shows an IBAN in groups of four, in capitals', () => {
    expect(groupIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(groupIban(' DE89 37040044 ')).toBe('DE89 3704 0044');
  });

  it('keeps the caret after the same characters when the IBAN is regrouped', () => {
    // "DE893" typed with the caret at its end becomes "DE89 3": the caret follows the 3.
    expect(caretAfterFormatting('DE893', 5, 'DE89 3')).toBe(6);
    // A character typed in the middle: the caret stays right behind it.
    expect(caretAfterFormatting('DE89 x3704', 6, 'DE89 X370 4')).toBe(6);
  });

  it('reads numbers with a decimal point or comma, and keeps what is not one', () => {
    expect(numberAnswerOf('12,5')).toBe(12.5);
    expect(numberAnswerOf(' -3 ')).toBe(-3);
    expect(numberAnswerOf('')).toBeUndefined();
    expect(numberAnswerOf('12 apples')).toBe('12 apples');
  });
});
