import type { InlineConfig, Rolldown } from 'vite';
import { build } from 'vite';

/**
 * How the build groups shared code into files. Left alone, the bundler makes one chunk per
 * set of routes sharing a module: about 90 small files, so a cold `/inbox` fetched some 70 of
 * them, six at a time over HTTP/1.1, each paying a round trip before the page could render.
 *
 * A first, silent build with the bundler's own splitting tells which modules are really
 * shared (it knows what tree-shaking keeps, which the module graph alone does not: every
 * Mantine component is "imported" through the package's index). The real build then puts:
 *
 * - everything the entry needs into the entry's file;
 * - code the login page shares with other pages into `login-common`, what the other public pages
 *   (password reset, verification) share into `public-common`, what the public fill-out page
 *   of forms shares into `forms-common` (a first load with a budget of its own, DESIGN §7:
 *   in `portal`, it would fetch the whole portal);
 * - code shared by the signed-in portal's first screens (the layout, home, inbox, a letter) into
 *   `portal`, fetched once with its layout; code only other portal routes share (compose, the
 *   address book, mail merge, forms…) into `portal-more`, fetched the first time one of them
 *   opens, so the portal's first load (Lighthouse, DESIGN §7) does not grow with every screen;
 * - what one route alone uses into that route's own chunk, so a route reached by navigation
 *   still adds only its chunk (DESIGN §7); pdf.js and translations stay lazy on their own.
 */
export const chunkGroups = [
  'index',
  'login-common',
  'public-common',
  'forms-common',
  'portal',
  'portal-more',
] as const;
export type ChunkGroup = (typeof chunkGroups)[number];

/** The landing page of every visitor without a login: its first load has a budget. */
export const LOGIN_ROUTE_MODULES = [
  '/src/app/layouts/login-layout.tsx',
  '/src/app/routes/login.tsx',
];
/** Route modules a visitor without a login reaches (SPEC §2, login layout). */
const PUBLIC_ROUTE_MODULES = [
  ...LOGIN_ROUTE_MODULES,
  '/src/app/routes/reset-password.tsx',
  '/src/app/routes/verify-identity.tsx',
  '/src/app/routes/verify-email.tsx',
];

/** The public fill-out page of forms: anyone lands there from a link, no login. */
const PUBLIC_FORM_ROUTE_MODULES = [
  '/src/app/layouts/public-form-layout.tsx',
  '/src/app/routes/form-fill-out.tsx',
];

/** What a signed-in person's first load and its most visited pages are made of. */
const CORE_PORTAL_MODULES = [
  '/src/app/layouts/authenticated-outlet.tsx',
  '/src/app/layouts/main-layout.tsx',
  '/src/app/routes/home.tsx',
  '/src/app/routes/inbox.tsx',
  '/src/app/routes/letter.tsx',
  // A letter's files and "Add to a file", fetched once the letter shows: what they share with
  // the files screens (the case files' contract) goes with the portal, not with portal-more.
  '/src/features/case-files/components/letter-case-files-parts.tsx',
];

const isAmong = (suffixes: readonly string[]) => (moduleId: string | null) =>
  moduleId !== null && suffixes.some((suffix) => moduleId.endsWith(suffix));
const isLoginRoute = isAmong(LOGIN_ROUTE_MODULES);
const isPublicRoute = isAmong(PUBLIC_ROUTE_MODULES);
const isPublicFormRoute = isAmong(PUBLIC_FORM_ROUTE_MODULES);
const isCorePortalModule = isAmong(CORE_PORTAL_MODULES);

function groupOfSharedChunk(users: ReadonlyArray<string | null>): ChunkGroup {
  if (users.some(isLoginRoute)) return 'login-common';
  if (users.some(isPublicRoute)) return 'public-common';
  if (users.some(isPublicFormRoute)) return 'forms-common';
  return users.some(isCorePortalModule) ? 'portal' : 'portal-more';
}

/** Decides each shared module's group from the chunks of a default build. */
export function groupSharedModules(
  chunks: readonly Rolldown.OutputChunk[],
): Map<string, ChunkGroup> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const staticClosure = (start: Rolldown.OutputChunk): Set<string> => {
    const seen = new Set<string>();
    const visit = (fileName: string) => {
      if (seen.has(fileName)) return;
      seen.add(fileName);
      for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
    };
    visit(start.fileName);
    return seen;
  };

  const initial = new Set<string>();
  for (const chunk of chunks) {
    if (chunk.isEntry) for (const fileName of staticClosure(chunk)) initial.add(fileName);
  }
  // Which lazy chunks (routes, layouts, the PDF viewer) load each shared chunk.
  const users = new Map<string, Array<string | null>>();
  for (const chunk of chunks) {
    if (!chunk.isDynamicEntry || initial.has(chunk.fileName)) continue;
    for (const fileName of staticClosure(chunk)) {
      if (fileName === chunk.fileName) continue;
      users.set(fileName, [...(users.get(fileName) ?? []), chunk.facadeModuleId]);
    }
  }

  const groups = new Map<string, ChunkGroup>();
  for (const chunk of chunks) {
    let group: ChunkGroup | null = null;
    if (initial.has(chunk.fileName)) group = 'index';
    else if (!chunk.isDynamicEntry) {
      group = groupOfSharedChunk(users.get(chunk.fileName) ?? []);
    }
    if (group === null) continue;
    for (const moduleId of chunk.moduleIds) groups.set(moduleId, group);
  }
  return groups;
}

/** Runs the first build (nothing written) and returns the group of every shared module. */
export async function planChunkGroups(config: InlineConfig): Promise<Map<string, ChunkGroup>> {
  const result = await build({
    ...config,
    configFile: false,
    logLevel: 'silent',
    build: { ...config.build, write: false, emptyOutDir: false },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunks = outputs.flatMap((output) =>
    'output' in output
      ? output.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
      : [],
  );
  return groupSharedModules(chunks);
}
