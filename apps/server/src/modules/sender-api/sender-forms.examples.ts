import { errorResponseSchema, type ErrorResponse } from '@kuvert/shared/errors';
import {
  checkFormDefinition,
  senderFormRequestSchema,
  type SenderFormRequest,
} from '@kuvert/shared/forms';
import { installLinearPatterns } from '@kuvert/shared/form-patterns';
import { definitionInvalidMessage } from './sender-forms.service.ts';

/**
 * Examples for the OpenAPI document (and the README): a form with a field of every kind and a
 * section, and the 422 a definition outside the subset gets. The tests publish the first and
 * check that the second is what the server answers.
 */
export const senderFormRequestExample = {
  title: 'Change of address',
  description: 'Tell us where you live now; we move your contract and send the bills there.',
  use_cases: ['moving_house', 'utilities'],
  public: true,
  schema: {
    type: 'object',
    required: ['full_name', 'email', 'moving_date', 'new_address', 'tariff', 'consent'],
    properties: {
      full_name: {
        type: 'string',
        title: 'Full name',
        maxLength: 200,
        'x-kuvert-prefill': 'profile.full_name',
      },
      email: {
        type: 'string',
        format: 'email',
        title: 'E-mail',
        'x-kuvert-prefill': 'profile.email',
      },
      moving_date: { type: 'string', format: 'date', title: 'Moving date' },
      new_address: {
        type: 'object',
        title: 'New address',
        required: ['street', 'postcode', 'city'],
        properties: {
          street: { type: 'string', title: 'Street and number', maxLength: 200 },
          postcode: { type: 'string', title: 'Postcode', pattern: '^[0-9]{5}$' },
          city: { type: 'string', title: 'City', maxLength: 100 },
        },
      },
      tariff: { type: 'string', title: 'Tariff', enum: ['basic', 'green', 'flex'] },
      iban: { type: 'string', format: 'iban', title: 'IBAN for the direct debit' },
      meter_photo: {
        type: 'string',
        format: 'file',
        title: 'Photo of the meter',
        'x-kuvert-accept': ['image/jpeg', 'image/png', 'application/pdf'],
      },
      consent: {
        type: 'boolean',
        const: true,
        title: 'I confirm that these details are correct',
      },
    },
  },
  ui_schema: {
    'ui:order': [
      'full_name',
      'email',
      'moving_date',
      'new_address',
      'tariff',
      'iban',
      'meter_photo',
      'consent',
    ],
    moving_date: { 'ui:help': 'The day you get the keys' },
    new_address: {
      'ui:title': 'Your new address',
      'ui:order': ['street', 'postcode', 'city'],
      postcode: { 'ui:placeholder': '10115' },
    },
    tariff: { 'ui:widget': 'radio', 'ui:enumNames': ['Basic', 'Green electricity', 'Flexible'] },
    iban: { 'ui:help': 'Leave empty to pay by bank transfer' },
  },
} satisfies SenderFormRequest;

/**
 * A definition with three problems: an unknown format, a nested section, a pattern the
 * linear-time engine does not run (a back-reference).
 */
export const invalidSenderFormRequestExample = {
  ...senderFormRequestExample,
  schema: {
    type: 'object',
    properties: {
      iban: { type: 'string', format: 'foo' },
      address: {
        type: 'object',
        properties: { street: { type: 'object', properties: {} } },
      },
      code: { type: 'string', pattern: '^(\\d)\\1$' },
    },
  },
  ui_schema: {},
} satisfies SenderFormRequest;

// Found as this module loads, before the app starts: patterns need their engine first.
installLinearPatterns();
const exampleProblems = checkFormDefinition(
  invalidSenderFormRequestExample.schema,
  invalidSenderFormRequestExample.ui_schema,
);

export const definitionInvalidExample: ErrorResponse = {
  code: 'FORM_DEFINITION_INVALID',
  message: definitionInvalidMessage(exampleProblems),
  details: exampleProblems,
};

export const senderFormRequestWithExample = senderFormRequestSchema.meta({
  examples: [senderFormRequestExample],
});

export const definitionInvalidResponse = errorResponseSchema.meta({
  description:
    'FORM_DEFINITION_INVALID: the definition is outside the supported subset; `details` lists each problem with its JSON Pointer',
  examples: [definitionInvalidExample],
});
