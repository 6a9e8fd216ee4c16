// Runs before the first paint (a static file: the CSP allows no inline script) and sets the
// colour scheme the app will use, so a dark page does not flash white while the app loads.
// Same storage key and values as src/lib/color-scheme.ts.
(() => {
  let choice = null;
  try {
    choice = window.localStorage.getItem('kuvert.colorScheme');
  } catch {
    // Storage may be unavailable (private mode): follow the system.
  }
  const prefersDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  const scheme = choice === 'light' || choice === 'dark' ? choice : prefersDark ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
