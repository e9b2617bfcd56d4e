import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper without types
import { ensurePostgresClient } from '../../scripts/ensure-system-tools.mjs';
import { newReader } from '../factories/reader.ts';
import { availableEngines, createTestDatabase } from '../support/databases.ts';
import { startS3Server, type S3Server } from '../support/s3-server.ts';
import { emptyPostgresDatabase, tablesOf } from './support/library-contents.ts';
import { runCli, startLibraryServer } from './support/library-server.ts';

/**
 * npm run backup / npm run restore with the media in an S3 bucket (s3rver, decision 0029): the
 * backup copies every object of the bucket, the restore puts every one into an empty bucket of
 * another server; every table row by row and every object byte by byte are the same.
 */
const engines = await availableEngines();
// On Node 20 the AWS SDK warns on stderr that its releases after January 2027 will need Node 22:
// the commands' stderr is checked for errors, not for that notice.
const QUIET = { NODE_NO_WARNINGS: '1' };

/** Every object of the server's bucket: key → SHA-256 of its bytes. */
async function objectsOf(s3: S3Server): Promise<Record<string, string>> {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.MEDIA_S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.MEDIA_S3_SECRET_ACCESS_KEY! },
  });
  const objects: Record<string, string> = {};
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }));
    for (const { Key } of page.Contents ?? []) {
      const body = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key }));
      const bytes = await body.Body!.transformToByteArray();
      objects[Key!] = crypto.createHash('sha256').update(bytes).digest('hex');
    }
    token = page.NextContinuationToken;
  } while (token);
  client.destroy();
  return objects;
}

describe.each(engines)('backup and restore with media on S3, on %s', (engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const tempDir = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  it('copies every object of the bucket out and into an empty bucket, with every row', async () => {
    if (engine === 'postgres') ensurePostgresClient();
    const sourceBucket = await startS3Server('phap-bao-nguon');
    cleanups.push(() => sourceBucket.stop());
    const sourceDir = tempDir('phap-bao-s3-backup-source-');
    let sourceUrl = '';
    if (engine === 'postgres') {
      const source = await createTestDatabase('postgres');
      await source.database.close();
      sourceUrl = source.url!;
      cleanups.push(() => source.drop());
    }
    const sourceEnv = { DATA_DIR: sourceDir, DATABASE_URL: sourceUrl, ...sourceBucket.env };
    const server = await startLibraryServer({ ...sourceEnv, IMPORT_DEMO_CONTENT: 'true' });
    cleanups.push(() => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    });

    // A reader's avatar joins the demo's talks, videos and covers in the bucket.
    const reader = newReader();
    const registered = await fetch(`${server.baseURL}/api/v1/public/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...reader, confirmPassword: reader.password }),
    });
    expect(registered.status).toBe(201);
    const { data } = (await registered.json()) as { data: { token: string } };
    const form = new FormData();
    const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#3a6a14' } })
      .png()
      .toBuffer();
    form.append('avatar', new File([png], 'anh.png', { type: 'image/png' }));
    const avatar = await fetch(`${server.baseURL}/api/v1/me/avatar`, {
      method: 'POST',
      body: form,
      headers: { 'x-token': data.token },
    });
    expect(avatar.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const sourceObjects = await objectsOf(sourceBucket);
    const keys = Object.keys(sourceObjects);
    expect(keys.some((k) => k.startsWith('avatars/'))).toBe(true);
    expect(keys.some((k) => k.endsWith('.mp3'))).toBe(true);
    // Nothing of the media is on the disk: it is all in the bucket.
    expect(fs.existsSync(path.join(sourceDir, 'media')) ? fs.readdirSync(path.join(sourceDir, 'media')) : []).toEqual(
      [],
    );

    const backupsDir = tempDir('phap-bao-s3-backups-');
    const backup = await runCli('backup.ts', ['--out', backupsDir], { ...sourceEnv, ...QUIET });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const backupDir = backup.stdout.trim().split('\n').at(-1)!;
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as {
      media: { path: string; size: number; sha256: string }[];
    };
    expect(Object.fromEntries(manifest.media.map((m) => [m.path, m.sha256]))).toEqual(sourceObjects);

    // Into a fresh database and an empty bucket on another S3 server.
    const targetBucket = await startS3Server('phap-bao-dich');
    cleanups.push(() => targetBucket.stop());
    const targetDir = tempDir('phap-bao-s3-restore-');
    let targetUrl = '';
    if (engine === 'postgres') {
      const target = await emptyPostgresDatabase();
      targetUrl = target.url;
      cleanups.push(() => target.drop());
    }
    const targetEnv = { DATA_DIR: targetDir, DATABASE_URL: targetUrl, ...targetBucket.env };
    expect(await objectsOf(targetBucket)).toEqual({});
    const restore = await runCli('restore.ts', [backupDir], { ...targetEnv, ...QUIET });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);

    expect(await objectsOf(targetBucket)).toEqual(sourceObjects);
    const source = await tablesOf(engine, { file: path.join(sourceDir, 'phap-bao.sqlite'), url: sourceUrl });
    const restored = await tablesOf(engine, { file: path.join(targetDir, 'phap-bao.sqlite'), url: targetUrl });
    expect(Object.keys(restored).sort()).toEqual(Object.keys(source).sort());
    for (const table of Object.keys(source)) expect(restored[table], table).toEqual(source[table]);
    console.warn(
      `backup and restore on ${engine} with S3: ${Object.keys(source).length} tables, ` +
        `${Object.values(source).reduce((n, rows) => n + rows.length, 0)} rows, ${keys.length} objects equal`,
    );

    // Over a bucket that has objects: refused without --force.
    const again = await runCli('restore.ts', [backupDir], { ...targetEnv, DATA_DIR: tempDir('phap-bao-s3-again-') });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Không khôi phục đè lên dữ liệu đang có');
  }, 300_000);
});
