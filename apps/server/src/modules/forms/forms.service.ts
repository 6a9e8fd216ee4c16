import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  FORM_USE_CASES,
  formCatalogueQuerySchema,
  type FormCatalogueQuery,
  type FormCataloguePage,
  type FormDetail,
  type FormProviderList,
  type FormProviderPage,
  type FormStart,
  type FormUseCaseList,
} from '@kuvert/shared/forms';
import { AppError } from '../../plugins/app-error.ts';
import { addressKey, reserveRateLimitHits } from '../../plugins/rate-limit.ts';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { getUserById } from '../users/users.service.ts';
import { listFormDraftSummaries } from './form-drafts.service.ts';
import { prefillFrom } from './form-definitions.ts';
import { loadFillableForm, type FillableForm } from './form-access.service.ts';
import { summariesOf, useCasesOfVersion } from './form-lookups.ts';
import { searchWordsOf } from '../../db/folded-search.ts';
import {
  countLettersFromProvider,
  countPublishedFormsByUseCase,
  findCataloguePage,
  findForm,
  findFormsOfRecentProviders,
  findProvider,
  findProvidersWithForms,
  findSortTitle,
  findPublishedFormsOfProvider,
  type FormWithProviderRow,
} from './forms.repository.ts';
import { providerOfForm, toFormProvider } from './forms.presenter.ts';

/** Forms of recently writing providers on the start page. */
export const RECENT_FORMS_LIMIT = 12;

/*
 * The cursor names the last form of a page; its title, which orders the catalogue, is read
 * again when the next page is asked for. A title of 200 characters would not fit the cursor.
 */
const cursorSchema = z.tuple([z.string().min(1).max(64)]);

function encodeCursor(row: FormWithProviderRow): string {
  return Buffer.from(JSON.stringify([row.id])).toString('base64url');
}

const invalidCursor = () =>
  new AppError('VALIDATION_FAILED', {
    details: [{ path: 'querystring.cursor', message: 'Not a cursor from this API' }],
  });

async function decodeCursor(
  app: FastifyInstance,
  value: string | undefined,
): Promise<{ sortTitle: string; id: string } | undefined> {
  if (value === undefined) return undefined;
  let id: string;
  try {
    [id] = cursorSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString()));
  } catch {
    throw invalidCursor();
  }
  const sortTitle = await findSortTitle(app.db, id);
  if (sortTitle === undefined) throw invalidCursor();
  return { sortTitle, id };
}

/** The catalogue: published forms in title order, searched and filtered. */
export async function listCatalogue(
  app: FastifyInstance,
  rawQuery: FormCatalogueQuery,
): Promise<FormCataloguePage> {
  const query = formCatalogueQuerySchema.parse(rawQuery);
  const rows = await findCataloguePage(app.db, {
    words: searchWordsOf(query.q),
    useCase: query.use_case,
    providerId: query.provider_id,
    after: await decodeCursor(app, query.cursor),
    limit: query.limit + 1,
  });
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: await summariesOf(app, items),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

/** Where to start: forms of the providers that wrote to the account, and its drafts. */
export async function getFormStart(
  app: FastifyInstance,
  userId: string,
  accountId: string,
): Promise<FormStart> {
  await assertAccountAction(app.db, userId, accountId, 'read');
  const recent = await findFormsOfRecentProviders(app.db, accountId, RECENT_FORMS_LIMIT);
  return {
    recent: await summariesOf(app, recent),
    drafts: await listFormDraftSummaries(app, accountId),
  };
}

export async function listFormProviders(app: FastifyInstance): Promise<FormProviderList> {
  const rows = await findProvidersWithForms(app.db);
  return { items: rows.map((row) => ({ ...toFormProvider(row), form_count: row.form_count })) };
}

/** A provider's page: what it is, how often it wrote to the caller, its forms. */
export async function getFormProviderPage(
  app: FastifyInstance,
  userId: string,
  providerId: string,
): Promise<FormProviderPage> {
  const provider = await findProvider(app.db, providerId);
  const forms = provider ? await findPublishedFormsOfProvider(app.db, providerId) : [];
  if (!provider || forms.length === 0) throw new AppError('NOT_FOUND');
  return {
    provider: toFormProvider(provider),
    letter_count: await countLettersFromProvider(app.db, userId, providerId),
    forms: await summariesOf(app, forms),
  };
}

/** Every use case of the fixed list, in its order, with how many published forms it has. */
export async function listFormUseCases(app: FastifyInstance): Promise<FormUseCaseList> {
  const counts = await countPublishedFormsByUseCase(app.db);
  return {
    items: FORM_USE_CASES.map((useCase) => ({
      use_case: useCase,
      form_count: counts.get(useCase) ?? 0,
    })),
  };
}

function detailOf(
  { form, versionRow, parsed }: FillableForm,
  options: { prefill: Record<string, string>; withLogo: boolean },
): FormDetail {
  return {
    id: form.id,
    provider: providerOfForm(form, options.withLogo),
    title: versionRow.title,
    description: versionRow.description,
    use_cases: useCasesOfVersion(versionRow.use_cases),
    version: parsed.version,
    current_version: Number(form.current_version),
    public: Number(versionRow.is_public) === 1,
    schema: parsed.schema,
    ui_schema: parsed.uiSchema,
    prefill: options.prefill,
  };
}

/** A form to fill out, logged in: prefilled from the caller's profile. */
export async function getFormDetail(
  app: FastifyInstance,
  userId: string,
  formId: string,
  query: { account_id?: string | undefined; version?: number | undefined },
): Promise<FormDetail> {
  if (query.account_id !== undefined) {
    await assertAccountAction(app.db, userId, query.account_id, 'read');
  }
  const fillable = await loadFillableForm(app, formId, query.version);
  const user = await getUserById(app.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return detailOf(fillable, {
    prefill: prefillFrom(fillable.parsed.fields, user),
    withLogo: true,
  });
}

/** Reads of public forms per client address and minute: generous for people, not for crawlers. */
export const PUBLIC_FORM_READS_PER_MINUTE = 120;

/**
 * A form anyone may fill out: only the provider's own forms whose version is public (404
 * otherwise, so nothing else can be probed); withdrawn ones are 410.
 */
export async function getPublicFormDetail(
  app: FastifyInstance,
  request: { providerId: string; formId: string; version: number | undefined; ipAddress: string },
): Promise<FormDetail> {
  await reserveRateLimitHits(app, [
    {
      key: addressKey('public_form_read', request.ipAddress),
      max: PUBLIC_FORM_READS_PER_MINUTE,
      windowSeconds: 60,
    },
  ]);
  const form = await findForm(app.db, request.formId);
  if (!form || form.provider_id !== request.providerId || Number(form.is_public) !== 1) {
    throw new AppError('NOT_FOUND');
  }
  const fillable = await loadFillableForm(
    app,
    request.formId,
    request.version,
    'querystring.version',
    'public',
  );
  return detailOf(fillable, { prefill: {}, withLogo: false });
}
