import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { availableEngines } from '../support/databases.ts';
import { startS3Server, type S3Server } from '../support/s3-server.ts';
import {
  backUp,
  emptyLibraryPlace,
  expectRestoreRefusedOverContent,
  expectSameTables,
  registerThrough,
  restore,
  scratchSpace,
  startDemoLibrary,
  tablesAt,
  uploadAvatar,
} from './support/library-contents.ts';

/**
 * npm run backup / npm run restore with the media in an S3 bucket (s3rver, or radosgw with
 * TEST_S3_ENDPOINT: decision 0029): the backup copies every object of the bucket, the restore puts
 * every one into another, empty bucket; every table row by row and every object byte by byte are
 * the same.
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
  const scratch = scratchSpace();

  it('copies every object of the bucket out and into an empty bucket, with every row', async () => {
    const sourceBucket = await startS3Server('phap-bao-nguon');
    scratch.later(() => sourceBucket.stop());
    const source = await startDemoLibrary(engine, scratch, 'phap-bao-s3-backup-source-', sourceBucket.env);

    // A reader's avatar joins the demo's talks, videos and covers in the bucket.
    await uploadAvatar(source.server, await registerThrough(source.server), '#3a6a14');
    source.server.child.kill('SIGTERM');
    expect(await source.server.exited).toBe(0);

    const sourceObjects = await objectsOf(sourceBucket);
    const keys = Object.keys(sourceObjects);
    expect(keys.some((k) => k.startsWith('avatars/'))).toBe(true);
    expect(keys.some((k) => k.endsWith('.mp3'))).toBe(true);
    // Nothing of the media is on the disk: it is all in the bucket.
    const sourceMediaDir = path.join(source.dir, 'media');
    expect(fs.existsSync(sourceMediaDir) ? fs.readdirSync(sourceMediaDir) : []).toEqual([]);

    const backup = await backUp({ ...source.env, ...QUIET }, scratch, 'phap-bao-s3-backups-');
    expect(Object.fromEntries(backup.manifest.media.map((m) => [m.path, m.sha256]))).toEqual(sourceObjects);

    // Into a fresh database and an empty bucket on another S3 server.
    const targetBucket = await startS3Server('phap-bao-dich');
    scratch.later(() => targetBucket.stop());
    const target = await emptyLibraryPlace(engine, scratch, 'phap-bao-s3-restore-', targetBucket.env);
    expect(await objectsOf(targetBucket)).toEqual({});
    await restore(backup.dir, { ...target.env, ...QUIET });

    expect(await objectsOf(targetBucket)).toEqual(sourceObjects);
    const sourceTables = await tablesAt(engine, source);
    expectSameTables(await tablesAt(engine, target), sourceTables);
    console.warn(
      `backup and restore on ${engine} with S3: ${Object.keys(sourceTables).length} tables, ` +
        `${Object.values(sourceTables).reduce((n, rows) => n + rows.length, 0)} rows, ${keys.length} objects equal`,
    );

    // Over a bucket that has objects (the database is a fresh folder's): refused without --force.
    await expectRestoreRefusedOverContent(backup.dir, {
      ...target.env,
      DATA_DIR: scratch.tempDir('phap-bao-s3-again-'),
    });
  }, 300_000);
});
