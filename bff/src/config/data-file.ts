import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A file under DATA_DIR that start-up cannot use; its message names the file and what to do. */
export class DataFileError extends Error {
  override name = 'DataFileError';
}

/** A folder stands where a data file belongs. */
export const folderInPlace = (file: string) =>
  new DataFileError(
    `Stagely will not start: ${file} is a folder where a data file belongs. Move the folder out of the way (or restore the file from a backup), then start again.`,
  );

/**
 * A small data file's text, or null when it does not exist yet. A folder in its place, or a file that
 * cannot be read, stops start-up with a sentence instead of a stack trace.
 */
export async function readDataFile(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'EISDIR') throw folderInPlace(file);
    if (code === 'EACCES' || code === 'EPERM')
      throw new DataFileError(
        `Stagely will not start: ${file} cannot be read (permission denied). Give the user that runs Stagely access to it, then start again.`,
      );
    throw err;
  }
}

/** Parses a data file's JSON; damaged text is a DataFileError saying `remedy`. */
export function parseDataFile(file: string, text: string, remedy: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DataFileError(`Stagely will not start: ${file} is damaged (not valid JSON). ${remedy}`);
  }
}

/**
 * What a data file holds, made once by `make` when the file is missing (keys every process must share):
 * written whole under a temporary name, then linked into place, so a reader never sees half a file and the
 * first process to link wins.
 */
export async function dataFileMadeOnce<T>(
  file: string,
  read: (file: string) => Promise<T | null>,
  make: () => T | Promise<T>,
): Promise<T> {
  const stored = await read(file);
  if (stored) return stored;
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, JSON.stringify(await make()), { mode: 0o600 });
  try {
    await link(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await unlink(temp);
  }
  const made = await read(file);
  if (!made) throw new Error(`Could not read ${file} back.`);
  return made;
}
