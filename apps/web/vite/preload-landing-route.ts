import type { Plugin, Rolldown } from 'vite';

/**
 * Lists the chunks of the landing page in index.html as `modulepreload`, so they download
 * next to the entry instead of after it: a visitor's first page (the login) otherwise waited
 * for the entry to run before its route's chunks were even requested (one more round trip on
 * a slow network before the first paint). The route still loads on demand (SPEC §2); its
 * files are just in the cache by then. Other pages need the shared `login-common` chunk too.
 */
export function preloadLandingRoute(routeModules: readonly string[]): Plugin {
  return {
    name: 'kuvert:preload-landing-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (item): item is Rolldown.OutputChunk => item.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (roots: readonly Rolldown.OutputChunk[]): Set<string> => {
          const seen = new Set<string>();
          const visit = (fileName: string) => {
            if (seen.has(fileName)) return;
            seen.add(fileName);
            for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
          };
          for (const root of roots) visit(root.fileName);
          return seen;
        };
        const entryFiles = closure(chunks.filter((chunk) => chunk.isEntry));
        const routeChunks = chunks.filter(
          (chunk) =>
            chunk.facadeModuleId !== null &&
            routeModules.some((suffix) => chunk.facadeModuleId?.endsWith(suffix) === true),
        );
        return [...closure(routeChunks)]
          .filter((fileName) => !entryFiles.has(fileName))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
