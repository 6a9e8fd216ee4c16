/** Build-time settings, read once. The API is served from the same origin by default. */
function readApiBaseUrl(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  return value.replace(/\/+$/u, '');
}

export const env = {
  apiBaseUrl: readApiBaseUrl(import.meta.env.VITE_API_BASE_URL),
} as const;
