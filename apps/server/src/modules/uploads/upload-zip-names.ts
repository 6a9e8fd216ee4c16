/** Names Windows keeps for devices, with or without an extension: "CON", "nul.txt". */
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?$/i;
/** Controls, and the marks that turn text around ("txt.exe" shown as "exe.txt"). */
const UNSHOWABLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
/** What a file system or an unpacking tool reads as a path, a drive or a stream. */
const PATH_CHARACTERS = /[\\/:*?"<>|]/g;
const MAX_NAME_LENGTH = 200;

/** One upload's name as a plain file name: no folder, drive, device or hidden direction. */
export function safeZipName(name: string): string {
  const plain = name
    .normalize('NFC')
    .replace(UNSHOWABLE, '')
    .replace(PATH_CHARACTERS, '_')
    .trim()
    // Windows drops trailing dots and spaces; a name of dots alone is a folder.
    .replace(/[. ]+$/, '')
    .slice(0, MAX_NAME_LENGTH);
  if (plain === '') return 'file';
  return RESERVED.test(plain) ? `_${plain}` : plain;
}

/**
 * Names unique within the archive, case-insensitively (as the file systems that unpack it
 * compare them): the second "Scan.pdf" becomes "Scan (2).pdf".
 */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let copy = 2; taken.has(candidate.toLowerCase()); copy += 1) {
      candidate = `${stem} (${copy})${extension}`;
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** The entry names of a ZIP of these uploads: each plain and unique. */
export function safeZipNames(names: readonly string[]): string[] {
  return uniqueNames(names.map(safeZipName));
}
