import type { FormAnswers } from '@kuvert/shared/form-definition';
import type { FormFile, FormUploadToken } from '@kuvert/shared/forms';

/**
 * An anonymous visitor's draft, kept only in this browser (DESIGN §8: never on the server),
 * under the form and the version it was filled against.
 */
export interface LocalFormDraft {
  formVersion: number;
  answers: FormAnswers;
  /** The files the answers name, as the server described them. */
  files: FormFile[];
  /** The token the files were sent with; they can only be submitted with it. */
  token: FormUploadToken | null;
  receiptEmail: string;
  savedAt: string;
}

const PREFIX = 'kuvert.formDraft.';
const keyOf = (formId: string, version: number) => `${PREFIX}${formId}.v${version}`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFormFile(value: unknown): value is FormFile {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.filename === 'string' &&
    typeof value.content_type === 'string' &&
    typeof value.size === 'number'
  );
}

function isToken(value: unknown): value is FormUploadToken {
  return isRecord(value) && typeof value.token === 'string' && typeof value.expires_at === 'string';
}

function parseDraft(text: string | null): LocalFormDraft | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.formVersion !== 'number' || !isRecord(value.answers)) {
    return null;
  }
  return {
    formVersion: value.formVersion,
    answers: value.answers,
    files: Array.isArray(value.files) ? value.files.filter(isFormFile) : [],
    token: isToken(value.token) ? value.token : null,
    receiptEmail: typeof value.receiptEmail === 'string' ? value.receiptEmail : '',
    savedAt: typeof value.savedAt === 'string' ? value.savedAt : new Date(0).toISOString(),
  };
}

function draftKeys(formId: string): string[] {
  try {
    const keys: string[] = [];
    for (let index = 0; index < window.localStorage.length; index += 1) {
      const key = window.localStorage.key(index);
      if (key?.startsWith(`${PREFIX}${formId}.v`) === true) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}

/** The draft of this form in this browser (of the latest version there is one of), if any. */
export function readLocalDraft(formId: string): LocalFormDraft | null {
  let latest: LocalFormDraft | null = null;
  for (const key of draftKeys(formId)) {
    let draft: LocalFormDraft | null = null;
    try {
      draft = parseDraft(window.localStorage.getItem(key));
    } catch {
      draft = null;
    }
    if (draft !== null && (latest === null || draft.formVersion > latest.formVersion)) {
      latest = draft;
    }
  }
  return latest;
}

/** Keeps the draft; drafts of the form's other versions are replaced by it. */
export function writeLocalDraft(formId: string, draft: LocalFormDraft): boolean {
  const key = keyOf(formId, draft.formVersion);
  try {
    for (const other of draftKeys(formId)) if (other !== key) window.localStorage.removeItem(other);
    window.localStorage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    // Storage full or switched off: the page goes on, only without a draft.
    return false;
  }
}

/** Forgets every draft of the form in this browser (sent, or started over). */
export function removeLocalDrafts(formId: string): void {
  for (const key of draftKeys(formId)) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing more to do.
    }
  }
}

/** Whether an upload token still works for a while (files sent with it can be submitted). */
export function isTokenUsable(token: FormUploadToken | null, now = Date.now()): boolean {
  return token !== null && Date.parse(token.expires_at) - now > 60_000;
}
