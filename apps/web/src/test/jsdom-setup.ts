/*
 * What Mantine asks of the browser and jsdom lacks, for every web test: matchMedia (the
 * colour scheme) and ResizeObserver (ScrollArea watching its content). Tests that run in Node
 * (no window) are left alone.
 */
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;

  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
