import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { freePort } from './ports.ts';

/** The key pair s3rver checks request signatures with. */
const KEY = 'S3RVER';

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** MEDIA_S3_* settings naming this server and bucket (docs/deploy.md). */
  env: Record<string, string>;
  /** Every object the server holds, with unfinished multipart uploads (their keys, or s3rver's part files). */
  storedFiles(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * An S3-protocol server on this machine with one empty bucket: s3rver from npm, objects in a
 * temporary folder; or, with TEST_S3_ENDPOINT (and TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY),
 * a server already running there — Ceph's radosgw (docs/decisions/0029) — in a new bucket of its
 * own, emptied and removed at the end.
 */
export async function startS3Server(bucket = 'phap-bao'): Promise<S3Server> {
  if (process.env.TEST_S3_ENDPOINT) return bucketOnRunningServer(process.env.TEST_S3_ENDPOINT, bucket);
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
    storedFiles: async () =>
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

async function bucketOnRunningServer(endpoint: string, prefix: string): Promise<S3Server> {
  const env = {
    MEDIA_S3_BUCKET: `${prefix}-${crypto.randomBytes(6).toString('hex')}`,
    MEDIA_S3_ENDPOINT: endpoint,
    MEDIA_S3_REGION: 'us-east-1',
    MEDIA_S3_ACCESS_KEY_ID: process.env.TEST_S3_ACCESS_KEY_ID ?? '',
    MEDIA_S3_SECRET_ACCESS_KEY: process.env.TEST_S3_SECRET_ACCESS_KEY ?? '',
    MEDIA_S3_FORCE_PATH_STYLE: 'true',
  };
  const Bucket = env.MEDIA_S3_BUCKET;
  const client = new S3Client({
    endpoint,
    region: env.MEDIA_S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket }));
  const objects = async () => {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
      keys.push(...(page.Contents ?? []).map((o) => o.Key!));
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
    return keys;
  };
  const uploads = async () => (await client.send(new ListMultipartUploadsCommand({ Bucket }))).Uploads ?? [];
  return {
    endpoint,
    bucket: Bucket,
    env,
    storedFiles: async () => [...(await objects()), ...(await uploads()).map((u) => u.Key!)].sort(),
    async stop() {
      for (const u of await uploads()) {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: u.Key!, UploadId: u.UploadId! }));
      }
      for (const Key of await objects()) await client.send(new DeleteObjectCommand({ Bucket, Key }));
      await client.send(new DeleteBucketCommand({ Bucket }));
      client.destroy();
    },
  };
}
