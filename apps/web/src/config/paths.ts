/** Href builders for every screen (SPEC §2). Route patterns live in app/router.tsx. */
const segment = (value: string) => encodeURIComponent(value);

/** On a letter's page: open its reply with this upload attached ("use in a letter"). */
export const REPLY_WITH_PARAM = 'reply_with';

/** On the compose page: the draft being written. */
export const COMPOSE_DRAFT_PARAM = 'draft';
/** `/outbox/compose?with=<upload id>`: the new letter starts with that upload attached. */
export const COMPOSE_WITH_PARAM = 'with';

/** On a form's fill-out page (logged in): the saved draft being filled out. */
export const FORM_DRAFT_PARAM = 'draft';

/** On the use-case page: the use case whose forms are shown. */
export const FORM_USE_CASE_PARAM = 'use_case';

export const paths = {
  home: () => '/',
  inbox: () => '/inbox',
  /** The full results of a search of the mailbox's letters and uploads. */
  inboxSearch: (query: string) => `/inbox?${new URLSearchParams({ q: query }).toString()}`,
  inboxByProvider: (providerId: string) => `/inbox/by-tenant/${segment(providerId)}`,
  letter: (letterId: string) => `/inbox/${segment(letterId)}`,
  replyWithUpload: (letterId: string, uploadId: string) =>
    `/inbox/${segment(letterId)}?${new URLSearchParams({ [REPLY_WITH_PARAM]: uploadId }).toString()}`,
  outbox: () => '/outbox',
  sentLetter: (letterId: string) => `/outbox/${segment(letterId)}`,
  compose: () => '/outbox/compose',
  /** Goes on writing a saved draft. */
  composeDraft: (draftId: string) =>
    `/outbox/compose?${new URLSearchParams({ [COMPOSE_DRAFT_PARAM]: draftId }).toString()}`,
  /** A new letter that starts with an upload attached. */
  composeWithUpload: (uploadId: string) =>
    `/outbox/compose?${new URLSearchParams({ [COMPOSE_WITH_PARAM]: uploadId }).toString()}`,
  composeUploader: () => '/outbox/compose-uploader',
  mailMerges: () => '/outbox/mail-merges',
  mailMerge: (mergeId: string) => `/outbox/mail-merges/${segment(mergeId)}`,
  invoicePayment: () => '/invoice-tink',
  /** The hand-off to the bank for one invoice (the letter's id). */
  payInvoice: (letterId: string) =>
    `/invoice-tink?${new URLSearchParams({ invoice: letterId }).toString()}`,
  /** Asks the bank (through the server) for the outcome of one payment. */
  paymentStatus: (paymentId: string) =>
    `/invoice-tink?${new URLSearchParams({ payment: paymentId }).toString()}`,
  /** The invoices list: unpaid unless `view` is paid, for every provider unless one is given. */
  openInvoices: ({ view, provider }: { view?: 'paid'; provider?: string } = {}) => {
    const query = new URLSearchParams();
    if (view !== undefined) query.set('view', view);
    if (provider !== undefined) query.set('provider', provider);
    const search = query.toString();
    return search === '' ? '/open-invoices' : `/open-invoices?${search}`;
  },
  unreadLetters: () => '/unread-letters',
  openSignatureRequests: () => '/open-signature-requests',
  /** Public: check any PDF's signatures against Kuvert's seal. */
  verifyDocument: () => '/verify-document',
  folders: () => '/folders',
  folderAdd: () => '/folders/add',
  folder: (folderId: string) => `/folders/${segment(folderId)}`,
  forms: () => '/forms',
  formsMy: () => '/forms/my',
  formAdd: (providerId: string, source: string) =>
    `/forms/my/${segment(providerId)}/${segment(source)}/add`,
  formsByProvider: () => '/forms/search/by-provider',
  /** Goes on filling out a saved draft of the form. */
  formDraft: (providerId: string, source: string, draftId: string) =>
    `/forms/my/${segment(providerId)}/${segment(source)}/add?${new URLSearchParams({ [FORM_DRAFT_PARAM]: draftId }).toString()}`,
  formsByUseCase: (useCase?: string) =>
    useCase === undefined
      ? '/forms/search/by-usecase'
      : `/forms/search/by-usecase?${new URLSearchParams({ [FORM_USE_CASE_PARAM]: useCase }).toString()}`,
  formsProvider: (providerId: string) => `/forms/search/by-provider/${segment(providerId)}`,
  formFillOut: (providerId: string, formId: string) =>
    `/forms/search/by-provider/${segment(providerId)}/fill-out/${segment(formId)}`,
  uploads: () => '/uploads',
  upload: (uploadId: string) => `/uploads/${segment(uploadId)}`,
  files: () => '/files',
  fileCreate: () => '/files/create',
  file: (fileId: string) => `/files/file/${segment(fileId)}`,
  fileItemCreate: (fileId: string) => `/files/file/${segment(fileId)}/items/create`,
  fileItem: (fileId: string, itemId: string) =>
    `/files/file/${segment(fileId)}/items/${segment(itemId)}`,
  trash: () => '/trash',
  profile: () => '/profile',
  profileMailboxes: () => '/profile/mailboxes',
  profileDeleteAccount: () => '/profile/delete-account',
  invitation: (token: string) => `/invitation?${new URLSearchParams({ token }).toString()}`,
  onboarding: (token: string) => `/onboarding?${new URLSearchParams({ token }).toString()}`,
  addressBook: () => '/address-book',
  contactCreate: () => '/address-book/create',
  contactEdit: (contactId: string) => `/address-book/edit/${segment(contactId)}`,
  login: (redirect?: string) =>
    redirect === undefined || redirect === '/'
      ? '/login'
      : `/login?${new URLSearchParams({ redirect }).toString()}`,
  forgotPassword: () => '/login?view=forgot-password',
  resetPassword: (tokenBase64: string) => `/reset/password/${segment(tokenBase64)}`,
  verifyEmail: (token: string) => `/verify/email?${new URLSearchParams({ token }).toString()}`,
  verifyIdentity: (data: string) => `/verify/id_process_id/${segment(data)}`,
} as const;

/**
 * Where to go after login. Only same-site relative paths starting with exactly one `/` are
 * accepted, so a crafted `?redirect=` can never send the user to another site.
 */
export function sanitizeRedirect(value: string | null | undefined): string {
  const fallback = paths.home();
  if (value === null || value === undefined || !value.startsWith('/')) return fallback;
  // `//host` and `/\host` are protocol-relative to browsers; control characters hide tricks.
  if (value.startsWith('//') || value.startsWith('/\\') || hasControlCharacter(value)) {
    return fallback;
  }
  const base = 'https://kuvert.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  // Back to the login page would be a loop.
  if (url.pathname === '/login') return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
