import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports.ts';

/** The key pair s3rver checks request signatures with. */
const KEY = 'S3RVER';

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** MEDIA_S3_* settings naming this server and bucket (docs/deploy.md). */
  env: Record<string, string>;
  /** Every object file s3rver holds on disk, relative to its folder (parts of unfinished uploads included). */
  storedFiles(): string[];
  stop(): Promise<void>;
}

/**
 * An S3-protocol server on this machine (s3rver from npm, objects in a temporary folder; why not
 * Ceph radosgw: docs/decisions/0029) with one empty bucket.
 */
export async function startS3Server(bucket = 'phap-bao'): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-s3-'));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 's3-server-process.mjs'), directory, String(port), bucket],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before it was ready`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_REGION: 'us-east-1',
      MEDIA_S3_ACCESS_KEY_ID: KEY,
      MEDIA_S3_SECRET_ACCESS_KEY: KEY,
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
    },
    storedFiles: () =>
      (fs.readdirSync(directory, { recursive: true }) as string[])
        .filter((name) => fs.statSync(path.join(directory, name)).isFile())
        .sort(),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
