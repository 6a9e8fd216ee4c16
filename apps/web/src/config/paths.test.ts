// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { paths, sanitizeRedirect } from './paths.ts';

describe('sanitizeRedirect', () => {
  it.each([
    ['/inbox', '/inbox'],
    ['/inbox/by-tenant/42?unread=1#top', '/inbox/by-tenant/42?unread=1#top'],
    ['/profile?tab=sessions', '/profile?tab=sessions'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(sanitizeRedirect(value)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'inbox',
    'https://evil.example/inbox',
    '//evil.example/inbox',
    '/\\evil.example',
    '/\tevil',
    'javascript:alert(1)',
    '/login',
    '/login?redirect=/inbox',
  ])('falls back to home for %s', (value) => {
    expect(sanitizeRedirect(value)).toBe('/');
  });
});

describe('paths', () => {
  it('builds login links that carry where to return to', () => {
    expect(paths.login()).toBe('/login');
    expect(paths.login('/')).toBe('/login');
    expect(paths.login('/inbox?x=1')).toBe('/login?redirect=%2Finbox%3Fx%3D1');
  });

  it('builds the payment links with their ids in the query', () => {
    expect(paths.payInvoice('l 1')).toBe('/invoice-tink?invoice=l+1');
    expect(paths.paymentStatus('p1')).toBe('/invoice-tink?payment=p1');
    expect(paths.openInvoices()).toBe('/open-invoices');
    expect(paths.openInvoices({ provider: 'a&b' })).toBe('/open-invoices?provider=a%26b');
    expect(paths.openInvoices({ view: 'paid', provider: 'p1' })).toBe(
      '/open-invoices?view=paid&provider=p1',
    );
  });

  it('encodes ids in path segments', () => {
    expect(paths.folder('a/b')).toBe('/folders/a%2Fb');
    expect(paths.resetPassword('abc-_')).toBe('/reset/password/abc-_');
  });
});
