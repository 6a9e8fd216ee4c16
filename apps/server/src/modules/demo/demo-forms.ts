import type { SenderFormInput } from '../sender-api/sender-forms.service.ts';

/**
 * Forms the demo providers publish, so the demo's "Forms" has something to find by provider,
 * by use case and from a letter (the meter-reading notice names the first one).
 */
export interface DemoForm {
  /** How a demo letter names it. */
  key: 'meterReading' | 'costClaim' | 'bankDetails';
  provider: string;
  input: SenderFormInput;
}

export const demoForms: readonly DemoForm[] = [
  {
    key: 'meterReading',
    provider: 'Stadtwerke Müllheim',
    input: {
      title: 'Zählerstand melden',
      description:
        'Teilen Sie uns den Stand Ihres Strom-, Gas- oder Wasserzählers mit, zur Jahresabrechnung oder beim Umzug.',
      use_cases: ['utilities', 'moving_house'],
      public: true,
      schema: {
        type: 'object',
        required: ['name', 'meter_number', 'reading_date', 'reading', 'kind'],
        properties: {
          name: {
            type: 'string',
            title: 'Name',
            maxLength: 200,
            'x-kuvert-prefill': 'profile.full_name',
          },
          email: {
            type: 'string',
            format: 'email',
            title: 'E-Mail-Adresse für Rückfragen',
            'x-kuvert-prefill': 'profile.email',
          },
          kind: { type: 'string', title: 'Zähler', enum: ['electricity', 'gas', 'water'] },
          meter_number: {
            type: 'string',
            title: 'Zählernummer',
            description: 'Steht auf dem Zähler und auf Ihrer Jahresabrechnung.',
            maxLength: 40,
          },
          reading_date: { type: 'string', format: 'date', title: 'Abgelesen am' },
          reading: { type: 'number', title: 'Zählerstand', minimum: 0 },
          photo: {
            type: 'string',
            format: 'file',
            title: 'Foto des Zählers',
            'x-kuvert-accept': ['image/jpeg', 'image/png', 'application/pdf'],
          },
        },
      },
      ui_schema: {
        'ui:order': ['name', 'email', 'kind', 'meter_number', 'reading_date', 'reading', 'photo'],
        kind: { 'ui:widget': 'radio', 'ui:enumNames': ['Strom', 'Gas', 'Wasser'] },
        reading: { 'ui:help': 'Nur die Zahlen vor dem Komma, in kWh oder m³.' },
      },
    },
  },
  {
    key: 'costClaim',
    provider: 'Techniker Versicherung',
    input: {
      title: 'Kosten erstatten lassen',
      description:
        'Reichen Sie eine Rechnung ein, etwa für Zahnersatz, eine Brille oder eine Behandlung im Ausland.',
      use_cases: ['health', 'insurance_claim'],
      public: false,
      schema: {
        type: 'object',
        required: ['name', 'insurance_number', 'treatment', 'amount', 'invoice', 'iban', 'consent'],
        properties: {
          name: {
            type: 'string',
            title: 'Name der versicherten Person',
            maxLength: 200,
            'x-kuvert-prefill': 'profile.full_name',
          },
          insurance_number: {
            type: 'string',
            title: 'Versichertennummer',
            pattern: '[A-Z][0-9]{9}',
            description: 'Ein Buchstabe und neun Ziffern, wie auf Ihrer Gesundheitskarte.',
          },
          treatment: {
            type: 'string',
            title: 'Art der Leistung',
            enum: ['dental', 'glasses', 'abroad', 'other'],
          },
          treatment_date: { type: 'string', format: 'date', title: 'Datum der Behandlung' },
          amount: { type: 'number', title: 'Rechnungsbetrag in Euro', minimum: 0.01 },
          invoice: { type: 'string', format: 'file', title: 'Rechnung' },
          iban: { type: 'string', format: 'iban', title: 'IBAN für die Erstattung' },
          note: { type: 'string', title: 'Anmerkung', maxLength: 2000 },
          consent: {
            type: 'boolean',
            const: true,
            title: 'Ich versichere, dass die Angaben richtig und vollständig sind.',
          },
        },
      },
      ui_schema: {
        treatment: {
          'ui:widget': 'select',
          'ui:enumNames': [
            'Zahnersatz',
            'Brille oder Kontaktlinsen',
            'Behandlung im Ausland',
            'Sonstiges',
          ],
        },
        note: { 'ui:widget': 'textarea' },
      },
    },
  },
  {
    key: 'bankDetails',
    provider: 'Mobilfunk Plus',
    input: {
      title: 'Bankverbindung ändern',
      description: 'Neue IBAN für den Lastschrifteinzug Ihrer Mobilfunkrechnung.',
      use_cases: ['banking'],
      public: true,
      schema: {
        type: 'object',
        required: ['name', 'customer_number', 'iban', 'mandate'],
        properties: {
          name: {
            type: 'string',
            title: 'Kontoinhaber',
            maxLength: 200,
            'x-kuvert-prefill': 'profile.full_name',
          },
          customer_number: { type: 'string', title: 'Kundennummer', maxLength: 20 },
          iban: { type: 'string', format: 'iban', title: 'IBAN' },
          from: { type: 'string', format: 'date', title: 'Gültig ab' },
          mandate: {
            type: 'boolean',
            const: true,
            title: 'Ich erteile ein SEPA-Lastschriftmandat für dieses Konto.',
          },
        },
      },
      ui_schema: {},
    },
  },
];
