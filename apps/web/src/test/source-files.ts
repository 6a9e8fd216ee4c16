import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SOURCE_ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The web app's source files (tests left out) whose text matches `pattern`, as paths from
 * `src/`: for tests that hold a rule or a piece of UI to one owner.
 */
export function sourceFilesMatching(pattern: RegExp): string[] {
  return readdirSync(SOURCE_ROOT, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/u.test(file) && !/\.test\.tsx?$/u.test(file))
    .filter((file) => pattern.test(readFileSync(path.join(SOURCE_ROOT, file), 'utf8')))
    .map((file) => file.split(path.sep).join('/'))
    .toSorted();
}
