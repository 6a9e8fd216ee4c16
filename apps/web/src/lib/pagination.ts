/**
 * The page param an infinite query starts from: no cursor yet. Typed as every cursor is
 * (keyset pagination: a page's `next_cursor`, null at the end), so `infiniteQueryOptions`
 * infers `string | null` for its pages without a cast.
 */
export const FIRST_PAGE_CURSOR: string | null = null;
