/** Brand-like colours with white text at a contrast ratio above 4.5:1. */
const PALETTE = ['#1f5fa8', '#a3341f', '#1d7a4c', '#6b3fa0', '#8a5a00', '#0f6e7a', '#9c2a62'];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Up to two initials: "Stadtwerke Müllheim" → "SM", "Nordbank" → "NO". */
export function initialsOf(name: string): string {
  const words = name.split(/[\s\-–]+/).filter((word) => /\p{L}|\p{N}/u.test(word));
  const first = words[0] ?? '?';
  const initials =
    words.length >= 2 ? `${first.charAt(0)}${words[1]?.charAt(0) ?? ''}` : first.slice(0, 2);
  return initials.toUpperCase();
}

/** A generated logo: a coloured rounded square with the provider's initials. */
export function generateLogoSvg(name: string): Buffer {
  let hash = 0;
  for (const character of name) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  const colour = PALETTE[hash % PALETTE.length] ?? '#1f5fa8';
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">' +
    `<rect width="64" height="64" rx="14" fill="${colour}"/>` +
    '<text x="32" y="41" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" ' +
    `font-size="24" font-weight="700" fill="#ffffff">${escapeXml(initialsOf(name))}</text></svg>`;
  return Buffer.from(svg);
}
