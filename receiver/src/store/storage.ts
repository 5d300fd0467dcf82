import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, open, readdir, rename, rm, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Attachments on disk. A file arrives in tmp/ under a random name, is fsynced, then renamed into files/
 * under a name the receiver makes (the reference and the checked extension), and files/ is fsynced so
 * the rename itself survives a crash. The visitor's file name is never part of a path.
 */

export type Layout = { root: string; tmp: string; files: string; outbox: string };

export function layout(dataDir: string): Layout {
  return {
    root: dataDir,
    tmp: path.join(dataDir, 'tmp'),
    files: path.join(dataDir, 'files'),
    outbox: path.join(dataDir, 'outbox'),
  };
}

/** The folders, readable by the receiver's user only (as systemd's StateDirectoryMode makes the root). */
export async function ensureLayout(dirs: Layout): Promise<void> {
  for (const dir of [dirs.root, dirs.tmp, dirs.files, dirs.outbox]) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // A folder that already existed keeps its mode otherwise (0755 under the usual umask).
    await chmod(dir, 0o700);
  }
}

/** Bytes free for the receiver's user on the file system of the data folder. */
export async function freeBytes(dirs: Layout): Promise<number> {
  const stats = await statfs(dirs.root);
  return stats.bavail * stats.bsize;
}

export type TempFile = { path: string; size: number; sha256: string };

/**
 * Streams `source` into a new temp file, hashing and counting on the way; the file is fsynced. When the
 * source emits 'limit' (busboy's size limit), the copy stops with the error `onLimit` makes.
 */
export async function writeTempFile(dirs: Layout, source: Readable, onLimit?: () => Error): Promise<TempFile> {
  const tempPath = path.join(dirs.tmp, `${randomBytes(12).toString('hex')}.part`);
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const stopAtLimit = () => meter.destroy(onLimit?.() ?? new Error('file size limit'));
  source.once('limit', stopAtLimit);
  try {
    await pipeline(source, meter, createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }));
    await fsyncPath(tempPath);
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  } finally {
    source.off('limit', stopAtLimit);
  }
  return { path: tempPath, size, sha256: hash.digest('hex') };
}

/** Moves a temp file to files/<name> durably; returns the path relative to files/. */
export async function commitFile(dirs: Layout, temp: TempFile, name: string): Promise<string> {
  await rename(temp.path, path.join(dirs.files, name));
  await fsyncPath(dirs.files);
  return name;
}

/** Writes a whole buffer durably (temp file, fsync, rename, fsync of the directory). */
export async function writeFileDurably(dirs: Layout, target: string, content: Buffer | string): Promise<void> {
  const tempPath = path.join(dirs.tmp, `${randomBytes(12).toString('hex')}.part`);
  const handle = await open(tempPath, 'wx', 0o600);
  try {
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tempPath, target);
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
  await fsyncPath(path.dirname(target));
}

export function storedFilePath(dirs: Layout, name: string): string {
  return path.join(dirs.files, path.basename(name));
}

export async function removeStoredFile(dirs: Layout, name: string): Promise<void> {
  await rm(storedFilePath(dirs, name), { force: true });
}

async function fsyncPath(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Where files without a row are moved, never deleted: a folder of the data folder, beside files/. */
export const QUARANTINE_DIR = 'quarantine';

export function quarantinePath(dirs: Layout): string {
  return path.join(dirs.root, QUARANTINE_DIR);
}

export type Leftovers = {
  temp: string[];
  /** Files of files/ that no row references. */
  orphans: string[];
  /**
   * The store looks new or older than files/ (no file referenced, or a file without a row older, by more
   * than an upload's time-out, than every file with one): the database was most likely moved aside or replaced, and those files belong to rows it
   * does not hold. Nothing is moved then.
   */
  storeLooksNew: boolean;
};

export type Cleaned = {
  temp: number;
  /** Moved to quarantine/. */
  quarantined: number;
  /** Left in files/ because the store looks new (storeLooksNew). */
  keptInPlace: number;
};

/**
 * Start-up cleaning, in two steps around listen(): a crash may leave temp files, and files renamed into
 * place whose row was never committed. findLeftovers() lists them before the receiver listens (it only
 * reads); removeLeftovers() acts on exactly those once it listens, never on a file of a request that
 * arrived in between. Temp files (never acknowledged) are deleted. A file of files/ without its row is
 * never deleted: a crash leaves a few, but so does a database moved aside or restored from a backup, whose
 * files are the customers' attachments. Such files are moved to quarantine/ (the owner checks and deletes
 * them, receiver:list counts them), and left where they are when the store looks new or older than files/.
 */
/** Longer than any upload in flight at a crash (the server cuts a request after 60 s). */
const IN_FLIGHT_MARGIN_MS = 5 * 60_000;

export async function findLeftovers(dirs: Layout, referenced: Set<string>): Promise<Leftovers> {
  const stored = await readdir(dirs.files);
  const orphans = stored.filter((name) => !referenced.has(name));
  const oldest = async (names: string[]) => {
    let min = Infinity;
    for (const name of names) min = Math.min(min, (await stat(path.join(dirs.files, name))).mtimeMs);
    return min;
  };
  // A crash leaves files of the requests in flight, written at most an upload's time-out before a file the
  // store knows; a store that lacks rows well older than some files (or any file at all) is not the one
  // those files were written for.
  const storeLooksNew =
    orphans.length > 0 &&
    (referenced.size === 0 ||
      (await oldest(orphans)) + IN_FLIGHT_MARGIN_MS < (await oldest(stored.filter((name) => referenced.has(name)))));
  return { temp: await readdir(dirs.tmp), orphans, storeLooksNew };
}

export async function removeLeftovers(dirs: Layout, leftovers: Leftovers): Promise<Cleaned> {
  for (const name of leftovers.temp) await rm(path.join(dirs.tmp, name), { force: true, recursive: true });
  if (leftovers.storeLooksNew)
    return { temp: leftovers.temp.length, quarantined: 0, keptInPlace: leftovers.orphans.length };
  const quarantine = quarantinePath(dirs);
  if (leftovers.orphans.length > 0) await mkdir(quarantine, { recursive: true, mode: 0o700 });
  for (const name of leftovers.orphans) {
    // A name already in quarantine (an earlier restart) gets a suffix: nothing there is overwritten.
    let target = path.join(quarantine, name);
    for (let n = 2; existsSync(target); n += 1) target = path.join(quarantine, `${name}.${n}`);
    await rename(path.join(dirs.files, name), target);
  }
  if (leftovers.orphans.length > 0) {
    await fsyncPath(quarantine);
    await fsyncPath(dirs.files);
  }
  return { temp: leftovers.temp.length, quarantined: leftovers.orphans.length, keptInPlace: 0 };
}

/** The files waiting in quarantine/ (receiver:list shows them). */
export async function quarantinedFiles(dirs: Layout): Promise<string[]> {
  try {
    return (await readdir(quarantinePath(dirs))).sort();
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
}

/** The health check's disk half: a small file written, fsynced and removed where uploads land. */
export async function checkDiskWritable(dirs: Layout): Promise<void> {
  const probe = path.join(dirs.tmp, `health-${randomBytes(6).toString('hex')}.part`);
  try {
    await writeFileDurably(dirs, probe, 'ok');
  } finally {
    await rm(probe, { force: true });
  }
}
