const browsers: ReadonlyArray<[RegExp, string]> = [
  [/Edg\//u, 'Edge'],
  [/OPR\//u, 'Opera'],
  [/Firefox\//u, 'Firefox'],
  [/(Chrome|Chromium|HeadlessChrome)\//u, 'Chrome'],
  [/Safari\//u, 'Safari'],
];

const systems: ReadonlyArray<[RegExp, string]> = [
  [/Windows/u, 'Windows'],
  [/(iPhone|iPad|iPod)/u, 'iOS'],
  [/Mac OS X|Macintosh/u, 'macOS'],
  [/Android/u, 'Android'],
  [/CrOS/u, 'ChromeOS'],
  [/Linux/u, 'Linux'],
];

/** "Firefox · Windows" from a user agent string; null when we cannot tell. */
export function describeUserAgent(userAgent: string): string | null {
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  const parts = [browser, system].filter((part) => part !== undefined);
  return parts.length > 0 ? parts.join(' · ') : null;
}
