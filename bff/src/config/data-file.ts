import { readFile } from 'node:fs/promises';

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
