import { z } from 'zod';
import { languages } from '../constants/index.ts';
import { shownText } from '../text/index.ts';
import { fieldIssueSchema } from '../errors/index.ts';
import { csvDelimiterSchema, csvEncodingSchema } from '../uploads/index.ts';
import {
  checkPostcode,
  countryCodeSchema,
  POSTAL_FIELD_MAX_LENGTH,
  POSTCODE_MAX_LENGTH,
} from '../postal/index.ts';

/**
 * The address book (DESIGN §8): contacts of an account, with a postal address, an e-mail
 * address and a digital address (a Kuvert user or a provider) to write to.
 */
export const CONTACT_PAGE_SIZE = 50;
export const CONTACT_NOTES_MAX_LENGTH = 2000;
/** Rows one import may hold; the file itself is limited by CONTACT_IMPORT_MAX_BYTES. */
export const CONTACT_IMPORT_MAX_ROWS = 5000;
export const CONTACT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const contactDigitalAddressSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('kuvert'), email: z.email().max(254) }),
  z.object({ kind: z.literal('provider'), provider_id: z.string().min(1).max(64) }),
]);
export type ContactDigitalAddressInput = z.infer<typeof contactDigitalAddressSchema>;

const contactText = shownText().max(POSTAL_FIELD_MAX_LENGTH).default('');

/**
 * What a person types for a contact. A name or an organisation is required. The postal
 * address is optional, but complete when given: street, postcode, city and country, with a
 * postcode that fits the country. Custom issues carry `params.i18n`, a web translation key.
 */
export const contactInputSchema = z
  .object({
    name: contactText,
    organisation: contactText,
    email: z.union([z.literal(''), z.email().max(254)]).default(''),
    phone: z.string().trim().max(40).default(''),
    street: contactText,
    postcode: z.string().trim().max(POSTCODE_MAX_LENGTH).default(''),
    city: contactText,
    country: countryCodeSchema.nullable().default(null),
    digital: contactDigitalAddressSchema.nullable().default(null),
    notes: z.string().trim().max(CONTACT_NOTES_MAX_LENGTH).default(''),
  })
  .superRefine((contact, context) => {
    if (contact.name === '' && contact.organisation === '') {
      context.addIssue({
        code: 'custom',
        path: ['name'],
        message: 'A name or an organisation is required',
        params: { i18n: 'validation.nameOrOrganisation' },
      });
    }
    const postal = [contact.street, contact.postcode, contact.city];
    const hasPostal = postal.some((value) => value !== '') || contact.country !== null;
    if (!hasPostal) return;
    for (const field of ['street', 'postcode', 'city'] as const) {
      if (contact[field] === '') {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: 'Required for a postal address',
          params: { i18n: 'validation.requiredForPostal' },
        });
      }
    }
    if (contact.country === null) {
      context.addIssue({
        code: 'custom',
        path: ['country'],
        message: 'Required for a postal address',
        params: { i18n: 'validation.requiredForPostal' },
      });
    }
    checkPostcode(contact, context);
  });
export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactFields = z.output<typeof contactInputSchema>;

export const createContactRequestSchema = z.object({
  account_id: z.string().min(1),
  contact: contactInputSchema,
});
export type CreateContactRequest = z.input<typeof createContactRequestSchema>;

export const contactSchema = z
  .object({
    id: z.string(),
    account_id: z.string(),
    name: z.string(),
    organisation: z.string(),
    email: z.string(),
    phone: z.string(),
    street: z.string(),
    postcode: z.string(),
    city: z.string(),
    country: countryCodeSchema.nullable(),
    digital: z
      .discriminatedUnion('kind', [
        z.object({ kind: z.literal('kuvert'), email: z.string() }),
        z.object({
          kind: z.literal('provider'),
          provider_id: z.string(),
          provider_name: z.string(),
        }),
      ])
      .nullable(),
    notes: z.string(),
    /** True when street, postcode, city and country are all there: a letter can be printed. */
    has_postal_address: z.boolean(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    trashed_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof contactSchema>;

/** Ordered by name (then organisation); `q` matches name, organisation, e-mail and city. */
export const contactListQuerySchema = z.object({
  account_id: z.string().min(1),
  q: z.string().trim().max(200).optional(),
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CONTACT_PAGE_SIZE),
});
export type ContactListQuery = z.input<typeof contactListQuerySchema>;

export const contactPageSchema = z
  .object({ items: z.array(contactSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'ContactPage' });
export type ContactPage = z.infer<typeof contactPageSchema>;

/**
 * Columns of the CSV export, in order, and the keys the import recognises (with the
 * translated headers the export writes in either language).
 */
export const contactCsvColumns = [
  'name',
  'organisation',
  'email',
  'phone',
  'street',
  'postcode',
  'city',
  'country',
  'kuvert_address',
  'notes',
] as const;
export type ContactCsvColumn = (typeof contactCsvColumns)[number];

export const contactImportFormats = ['csv', 'vcard'] as const;
export const contactImportFormatSchema = z.enum(contactImportFormats);
export type ContactImportFormat = z.infer<typeof contactImportFormatSchema>;

/**
 * POST /api/contacts/import/preview answers this for an uploaded file (multipart: the one part
 * `file`; `account_id` and, for a CSV, an `encoding` or `delimiter` other than detected in the
 * query, see `contactImportPreviewQuerySchema`). Columns are matched by their headers (English
 * or German). Nothing is saved. Each row says whether it can be imported and why not;
 * `duplicate` rows match an existing contact (or an earlier row) by name and e-mail, name and
 * street, or name and Kuvert address.
 */
export const contactImportRowStatuses = ['ok', 'invalid', 'duplicate'] as const;
export const contactImportRowSchema = z.object({
  /** 1-based: the card's number in a vCard file, the data row's number in a CSV. */
  row: z.number().int(),
  status: z.enum(contactImportRowStatuses),
  /** The contact to save: null when the row is invalid. */
  contact: contactInputSchema.nullable(),
  /** What the row holds, as read (by contact column), so an invalid row still shows. */
  cells: z.record(z.string(), z.string()),
  /** Per field: `path` is the contact field; `i18n` and `values` as in VALIDATION_FAILED. */
  problems: z.array(fieldIssueSchema),
  /**
   * Cells read otherwise than written, so the row fits: a postcode whose leading zeros a
   * spreadsheet dropped (`1067` in Germany is `01067`). `contact` holds what is saved.
   */
  corrections: z.array(z.object({ path: z.enum(['postcode']), from: z.string(), to: z.string() })),
});
export type ContactImportRow = z.infer<typeof contactImportRowSchema>;

export const contactImportPreviewSchema = z
  .object({
    format: contactImportFormatSchema,
    /** CSV only: as detected, or as asked. */
    encoding: csvEncodingSchema.nullable(),
    delimiter: csvDelimiterSchema.nullable(),
    /** CSV only: the header row, and which contact field each column was mapped to. */
    columns: z.array(z.string()),
    mapping: z.record(z.string(), z.enum(contactCsvColumns)),
    rows: z.array(contactImportRowSchema),
  })
  .meta({ id: 'ContactImportPreview' });
export type ContactImportPreview = z.infer<typeof contactImportPreviewSchema>;

/** POST /api/contacts/import: the rows of a preview the person chose, saved at once. */
export const contactImportRequestSchema = z.object({
  account_id: z.string().min(1),
  contacts: z.array(contactInputSchema).min(1).max(CONTACT_IMPORT_MAX_ROWS),
});
export type ContactImportRequest = z.input<typeof contactImportRequestSchema>;

export const contactImportResultSchema = z
  .object({ created: z.number().int() })
  .meta({ id: 'ContactImportResult' });
export type ContactImportResult = z.infer<typeof contactImportResultSchema>;

export const contactIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** PUT /api/contacts/:id: every field, as on create. */
export const updateContactRequestSchema = z.object({ contact: contactInputSchema });
export type UpdateContactRequest = z.input<typeof updateContactRequestSchema>;

/**
 * POST /api/contacts/import/preview: the file is the one multipart part `file`; the account
 * and, for a CSV, an encoding or delimiter other than detected come in the query.
 */
export const contactImportPreviewQuerySchema = z.object({
  account_id: z.string().min(1),
  encoding: csvEncodingSchema.optional(),
  delimiter: csvDelimiterSchema.optional(),
});
export type ContactImportPreviewQuery = z.input<typeof contactImportPreviewQuerySchema>;

export const contactExportFormats = ['csv', 'vcard'] as const;
export const contactExportLanguages = languages;
/** GET /api/contacts/export: every live contact of the account as a file. */
export const contactExportQuerySchema = z.object({
  account_id: z.string().min(1),
  format: z.enum(contactExportFormats),
  /** The CSV's headers and the country names; the caller's own language by default. */
  language: z.enum(contactExportLanguages).optional(),
});
export type ContactExportQuery = z.input<typeof contactExportQuerySchema>;

/**
 * The CSV headers the export writes, per language; the import recognises either (and the
 * column keys themselves), whatever the case or punctuation.
 */
export const contactCsvHeaders: Record<
  (typeof contactExportLanguages)[number],
  Record<ContactCsvColumn, string>
> = {
  en: {
    name: 'Name',
    organisation: 'Organisation',
    email: 'E-mail',
    phone: 'Phone',
    street: 'Street',
    postcode: 'Postcode',
    city: 'City',
    country: 'Country',
    kuvert_address: 'Kuvert address',
    notes: 'Notes',
  },
  de: {
    name: 'Name',
    organisation: 'Organisation',
    email: 'E-Mail',
    phone: 'Telefon',
    street: 'Straße',
    postcode: 'PLZ',
    city: 'Ort',
    country: 'Land',
    kuvert_address: 'Kuvert-Adresse',
    notes: 'Notizen',
  },
  sv: {
    name: 'Namn',
    organisation: 'Organisation',
    email: 'E-post',
    phone: 'Telefon',
    street: 'Gatuadress',
    postcode: 'Postnummer',
    city: 'Ort',
    country: 'Land',
    kuvert_address: 'Kuvert-adress',
    notes: 'Anteckningar',
  },
  da: {
    name: 'Navn',
    organisation: 'Organisation',
    email: 'E-mail',
    phone: 'Telefon',
    street: 'Vej',
    postcode: 'Postnummer',
    city: 'By',
    country: 'Land',
    kuvert_address: 'Kuvert-adresse',
    notes: 'Noter',
  },
  nb: {
    name: 'Navn',
    organisation: 'Organisasjon',
    email: 'E-post',
    phone: 'Telefon',
    street: 'Gateadresse',
    postcode: 'Postnummer',
    city: 'Poststed',
    country: 'Land',
    kuvert_address: 'Kuvert-adresse',
    notes: 'Notater',
  },
};
