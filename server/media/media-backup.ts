import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isSafeMediaName, type MediaStorage } from './media-storage.ts';

/** One media file of a backup, as its manifest lists it. */
export interface MediaEntry {
  path: string;
  size: number;
  sha256: string;
}

/** A stream step that counts and hashes what passes through. */
function measuring() {
  const hash = crypto.createHash('sha256');
  let size = 0;
  const step = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { step, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/**
 * Copies every stored media file into `destDir` (its own names as paths below it), hashing as it
 * goes. A file removed while the copy runs is left out; the returned list is what was copied.
 */
export async function copyMediaOut(storage: MediaStorage, destDir: string): Promise<MediaEntry[]> {
  const entries: MediaEntry[] = [];
  for (const name of await storage.list()) {
    if (!(await storage.stat(name))) continue;
    const dest = path.join(destDir, ...name.split('/'));
    await fs.promises.mkdir(path.dirname(dest), { recursive: true });
    const measure = measuring();
    try {
      await pipeline(Readable.fromWeb(storage.read(name) as never), measure.step, fs.createWriteStream(dest));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await fs.promises.rm(dest, { force: true });
      continue;
    }
    entries.push({ path: name, ...measure.result() });
  }
  return entries;
}

/** Size and SHA-256 of a file on disk. */
export async function measureFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Checks a backup's media copies against its manifest: each path safe, present, of its size and
 * SHA-256. Returns one line per problem (empty when all is well).
 */
export async function verifyMediaCopies(sourceDir: string, entries: MediaEntry[]): Promise<string[]> {
  const problems: string[] = [];
  for (const entry of entries) {
    if (!isSafeMediaName(entry.path)) {
      problems.push(`${entry.path}: tên tệp không hợp lệ`);
      continue;
    }
    const file = path.join(sourceDir, ...entry.path.split('/'));
    if (!fs.existsSync(file)) {
      problems.push(`${entry.path}: thiếu tệp`);
      continue;
    }
    const found = await measureFile(file);
    if (found.size !== entry.size) problems.push(`${entry.path}: kích thước ${found.size} byte, cần ${entry.size}`);
    else if (found.sha256 !== entry.sha256) problems.push(`${entry.path}: SHA-256 không khớp`);
  }
  return problems;
}

/** Writes a backup's (verified) media copies into the storage under their own names. */
export async function copyMediaIn(storage: MediaStorage, sourceDir: string, entries: MediaEntry[]): Promise<void> {
  for (const entry of entries) {
    const file = path.join(sourceDir, ...entry.path.split('/'));
    const size = await storage.writeStream(entry.path, fs.createReadStream(file));
    if (size !== entry.size) throw new Error(`${entry.path}: wrote ${size} bytes, expected ${entry.size}`);
  }
}
