import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FormAnswers } from '@kuvert/shared/form-definition';
import { ApiError } from '../../../lib/http.ts';
import { initI18n, loadTranslations, setLanguage } from '../../../lib/i18n.ts';
import type { FormFileSupport } from './fields/file-field.tsx';
import { FormFill } from './form-fill.tsx';
import { fillableForm } from './form-model.ts';
import { useFormAnswers } from './use-form-answers.ts';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Full name', minLength: 2 },
    email: { type: 'string', format: 'email', title: 'E-mail', description: 'For questions' },
    moving: { type: 'string', format: 'date', title: 'Moving day' },
    iban: { type: 'string', format: 'iban', title: 'IBAN' },
    tariff: { type: 'string', enum: ['basic', 'plus'], title: 'Tariff' },
    contact: { type: 'string', enum: ['mail', 'phone'], title: 'Contact by' },
    children: { type: 'array', items: { type: 'integer', minimum: 0 }, title: 'Ages of children' },
    consent: { type: 'boolean', const: true, title: 'I agree to the terms' },
    details: {
      type: 'object',
      title: 'Your flat',
      description: 'Where you move to',
      properties: { rooms: { type: 'number', title: 'Rooms', maximum: 20 } },
    },
  },
  required: ['name', 'email', 'iban', 'tariff'],
};
const uiSchema = {
  tariff: { 'ui:enumNames': ['Basic', 'Plus'] },
  contact: { 'ui:widget': 'radio', 'ui:enumNames': ['By post', 'By phone'] },
};

const noFiles: FormFileSupport = {
  filesById: new Map(),
  upload: () => Promise.reject(new Error('no files in this test')),
  describeError: () => 'refused',
};

function renderForm(onSubmit: (data: FormAnswers) => Promise<void> = async () => {}) {
  const form = fillableForm(schema, uiSchema);
  if (form === null) throw new Error('the test definition was refused');
  function Harness() {
    const fill = useFormAnswers(form ?? { sections: [], fields: [] }, {});
    return (
      <FormFill
        form={form ?? { sections: [], fields: [] }}
        fill={fill}
        files={noFiles}
        onSubmit={onSubmit}
        describeError={() => 'failed'}
      />
    );
  }
  return render(
    <MantineProvider>
      <Harness />
    </MantineProvider>,
  );
}

/** What the review step shows for a field. */
const answer = (path: string) =>
  document.querySelector(`[data-review-field="${path}"] dd`)?.textContent ?? '';

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillValidAnswers() {
  type(/^Full name/u, 'Erika Mustermann');
  type(/^E-mail/u, 'erika@example.com');
  type(/^IBAN/u, 'de89370400440532013000');
  fireEvent.change(screen.getByLabelText(/^Tariff/u), { target: { value: 'plus' } });
  fireEvent.click(screen.getByLabelText('By phone'));
  fireEvent.click(screen.getByLabelText(/I agree to the terms/u));
}

beforeAll(async () => {
  await initI18n();
  await loadTranslations('forms');
});
afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

describe('the form renderer', () => {
  it('labels every field, reads its help with it and marks what is required', () => {
    renderForm();
    const email = screen.getByLabelText(/^E-mail/u);
    expect(email).toHaveProperty('required', true);
    const help = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(help)?.textContent).toBe('For questions');
    expect(screen.getByLabelText(/^Moving day/u)).toHaveProperty('type', 'date');
    // Radio buttons answer one question: a fieldset named by it.
    const contact = screen.getByRole('group', { name: 'Contact by' });
    expect(within(contact).getAllByRole('radio')).toHaveLength(2);
    // A section with its title and help.
    const flat = screen.getByRole('region', { name: 'Your flat' });
    expect(within(flat).getByText('Where you move to')).toBeTruthy();
    expect(within(flat).getByLabelText('Rooms')).toBeTruthy();
  });

  it('checks a field once it was left, then live as the person types', () => {
    renderForm();
    type(/^E-mail/u, 'erika@');
    const message = 'Please enter an e-mail address such as name@example.com.';
    expect(screen.queryByText(message)).toBeNull();
    fireEvent.blur(screen.getByLabelText(/^E-mail/u));
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByLabelText(/^E-mail/u).getAttribute('aria-invalid')).toBe('true');
    type(/^E-mail/u, 'erika@example.com');
    expect(screen.queryByText(message)).toBeNull();
  });

  it('says what is wrong in German too, with the rule’s values', async () => {
    renderForm();
    await act(() => setLanguage('de'));
    type(/^Full name/u, 'E');
    fireEvent.blur(screen.getByLabelText(/^Full name/u));
    expect(screen.getByText('Bitte geben Sie mindestens 2 Zeichen ein.')).toBeTruthy();
    type(/^IBAN/u, 'DE00 1234');
    fireEvent.blur(screen.getByLabelText(/^IBAN/u));
    expect(
      screen.getByText('Diese IBAN ist ungültig: Bitte prüfen Sie Buchstaben und Ziffern.'),
    ).toBeTruthy();
  });

  it('shows the IBAN in groups of four as it is typed', () => {
    renderForm();
    fillValidAnswers();
    expect(screen.getByLabelText(/^IBAN/u)).toHaveProperty('value', 'DE89 3704 0044 0532 0130 00');
  });

  it('lists every problem at the top on going on, each a link that focuses its field', () => {
    renderForm();
    type(/^E-mail/u, 'erika@');
    fireEvent.click(screen.getByRole('button', { name: 'Check answers' }));
    const summary = screen.getByRole('alert');
    expect(summary.contains(document.activeElement)).toBe(true);
    expect(within(summary).getByText('There are 5 problems')).toBeTruthy();
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Full name: Please fill this in.',
      'E-mail: Please enter an e-mail address such as name@example.com.',
      'IBAN: Please fill this in.',
      'Tariff: Please fill this in.',
      'I agree to the terms: Please tick this box to go on.',
    ]);
    fireEvent.click(links[2] ?? summary);
    expect(document.activeElement).toBe(screen.getByLabelText(/^IBAN/u));
    // Fixed problems leave the summary as they are fixed.
    type(/^IBAN/u, 'DE89370400440532013000');
    expect(within(screen.getByRole('alert')).getAllByRole('link')).toHaveLength(4);
  });

  it('adds and removes entries of a list, each checked on its own', () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add entry: Ages of children' }));
    const first = screen.getByLabelText('Ages of children, entry 1');
    expect(document.activeElement).toBe(first);
    fireEvent.change(first, { target: { value: 'seven' } });
    fireEvent.blur(first);
    expect(screen.getByText('Please enter a number, such as 12.5.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add entry: Ages of children' }));
    type('Ages of children, entry 2', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ages of children, entry 1' }));
    expect(screen.getByLabelText('Ages of children, entry 1')).toHaveProperty('value', '4');
    expect(screen.queryByText('Please enter a number, such as 12.5.')).toBeNull();
  });

  it('shows every answer for review, then sends only what was answered', async () => {
    const onSubmit = vi.fn<(data: FormAnswers) => Promise<void>>(async () => {});
    renderForm(onSubmit);
    fillValidAnswers();
    fireEvent.click(screen.getByRole('button', { name: 'Check answers' }));
    const heading = screen.getByRole('heading', { name: 'Check your answers' });
    expect(document.activeElement).toBe(heading);
    expect(answer('iban')).toContain('DE89 3704 0044 0532 0130 00');
    expect(answer('tariff')).toContain('Plus');
    expect(answer('contact')).toContain('By phone');
    expect(answer('consent')).toContain('Yes');
    expect(answer('details.rooms')).toContain('Not answered');
    fireEvent.click(screen.getByRole('button', { name: 'Send form' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Erika Mustermann',
      email: 'erika@example.com',
      iban: 'DE89370400440532013000',
      tariff: 'plus',
      contact: 'phone',
      consent: true,
    });
  });

  it('goes back to the field the person wants to change', () => {
    renderForm();
    fillValidAnswers();
    fireEvent.click(screen.getByRole('button', { name: 'Check answers' }));
    fireEvent.click(screen.getByRole('button', { name: 'Change E-mail' }));
    expect(document.activeElement).toBe(screen.getByLabelText(/^E-mail/u));
  });

  it('brings the server’s refusals back to their fields', async () => {
    const refusal = new ApiError(422, 'VALIDATION_FAILED', 'Please check', [
      {
        path: 'data.name',
        message: 'At least 5 characters.',
        i18n: 'forms.validation.tooShort',
        values: { min: '5' },
      },
    ]);
    renderForm(() => Promise.reject(refusal));
    fillValidAnswers();
    fireEvent.click(screen.getByRole('button', { name: 'Check answers' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send form' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link').textContent).toBe(
      'Full name: Please enter at least 5 characters.',
    );
    expect(screen.getByLabelText(/^Full name/u)).toHaveProperty('value', 'Erika Mustermann');
  });
});
