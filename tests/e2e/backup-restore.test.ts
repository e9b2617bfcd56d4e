import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper without types
import { ensurePostgresClient } from '../../scripts/ensure-system-tools.mjs';
import { newReader } from '../factories/reader.ts';
import { availableEngines, createTestDatabase } from '../support/databases.ts';
import { emptyPostgresDatabase, tablesOf } from './support/library-contents.ts';
import { runCli, startLibraryServer } from './support/library-server.ts';

/**
 * npm run backup while the built server runs (the demo library, a reader's notes, highlight,
 * playlist and avatar), npm run restore into a fresh database and media folder: every table equal
 * row by row, every media file byte by byte. Then what restore refuses: a corrupted media file, a
 * library that already has content, a backup from newer code.
 */
const engines = await availableEngines();
/** Every file under `dir` (relative, sorted). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
}

describe.each(engines)('backup and restore on %s', (engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const tempDir = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  it('restores into a fresh library every row and every file of a backup taken while the site runs', async () => {
    if (engine === 'postgres') ensurePostgresClient();
    const sourceDir = tempDir('phap-bao-backup-source-');
    let sourceUrl = '';
    if (engine === 'postgres') {
      const source = await createTestDatabase('postgres');
      await source.database.close();
      sourceUrl = source.url!;
      cleanups.push(() => source.drop());
    }
    const sourceEnv = { DATA_DIR: sourceDir, DATABASE_URL: sourceUrl };
    const server = await startLibraryServer({ ...sourceEnv, IMPORT_DEMO_CONTENT: 'true' });
    cleanups.push(() => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    });

    // A reader's own things: a highlight with a note, a quote typed by hand, a playlist, an avatar.
    const api = async (method: string, route: string, token: string | null, body?: unknown) => {
      const res = await fetch(`${server.baseURL}/api/v1${route}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
    };
    const reader = newReader();
    const registered = await api('POST', '/public/user/register', null, {
      ...reader,
      confirmPassword: reader.password,
    });
    expect(registered.status).toBe(201);
    const token = registered.body.data.token as string;
    const highlight = await api('POST', '/notes', token, {
      bookCode: 'kinh-kim-cang',
      chapterCode: 'kinh-kim-cang-1',
      color: 'yellow',
      content: 'Như thị ngã văn',
      body: 'Ghi chú của người đọc về đoạn này.',
      anchor: { paragraph: 'p-1', start: 0, end: 14, exact: 'Như thị ngã văn', prefix: '', suffix: ': Nhất thời' },
    });
    expect(highlight.status).toBe(201);
    const quote = await api('POST', '/notes', token, {
      color: 'aqua',
      content: 'Tâm bình thế giới bình.',
      sourceTitle: 'Tự ghi',
    });
    expect(quote.status).toBe(201);
    const playlist = await api('POST', '/create_playlist', token, { name: 'Nghe buổi sáng' });
    expect(playlist.status).toBe(201);
    const collections = await api('GET', '/public/audio_collections', null);
    const firstCollection = (collections.body.data.items as { id: number }[])[0]!;
    const detail = await api('GET', `/public/audio_collection/${firstCollection.id}`, null);
    const talkId = (detail.body.data.talks as { id: number }[])[0]!.id;
    const added = await api('POST', '/create_playlist_item', token, {
      audioPlaylistItems: [{ playlistId: playlist.body.data.id, audioId: talkId }],
    });
    expect(added.status).toBeLessThan(300);
    const form = new FormData();
    const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#9a4a14' } })
      .png()
      .toBuffer();
    form.append('avatar', new File([png], 'anh.png', { type: 'image/png' }));
    const avatar = await fetch(`${server.baseURL}/api/v1/me/avatar`, {
      method: 'POST',
      body: form,
      headers: { 'x-token': token },
    });
    expect(avatar.status).toBe(200);

    // The backup, while the server runs and answers.
    const backupsDir = tempDir('phap-bao-backups-');
    const [backup, readyMeanwhile] = await Promise.all([
      runCli('backup.ts', ['--out', backupsDir], sourceEnv),
      fetch(`${server.baseURL}/readyz`).then((r) => r.status),
    ]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(readyMeanwhile).toBe(200);
    const backupDir = backup.stdout.trim().split('\n').at(-1)!;
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as {
      engine: string;
      tables: Record<string, number>;
      media: { path: string; size: number; sha256: string }[];
    };
    expect(manifest.engine).toBe(engine);
    expect(manifest.media.some((m) => m.path.startsWith('avatars/'))).toBe(true);
    expect(manifest.media.some((m) => m.path.endsWith('.mp3'))).toBe(true);

    // The site stops (SIGTERM: exit 0); its data is what the restore must reproduce.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const sourceFile = path.join(sourceDir, 'phap-bao.sqlite');
    const source = await tablesOf(engine, { file: sourceFile, url: sourceUrl });
    expect(source.notes!.length).toBe(2);
    expect(source.playlist_items!.length).toBe(1);
    for (const [table, rows] of Object.entries(source)) expect(manifest.tables[table], table).toBe(rows.length);

    // Restored into a fresh database and media folder.
    const targetDir = tempDir('phap-bao-restore-');
    let targetUrl = '';
    if (engine === 'postgres') {
      const target = await emptyPostgresDatabase();
      targetUrl = target.url;
      cleanups.push(() => target.drop());
    }
    const targetEnv = { DATA_DIR: targetDir, DATABASE_URL: targetUrl };
    const restore = await runCli('restore.ts', [backupDir], targetEnv);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const restored = await tablesOf(engine, { file: path.join(targetDir, 'phap-bao.sqlite'), url: targetUrl });
    expect(Object.keys(restored).sort()).toEqual(Object.keys(source).sort());
    for (const table of Object.keys(source)) expect(restored[table], table).toEqual(source[table]);
    const sourceMedia = filesUnder(path.join(sourceDir, 'media'));
    expect(filesUnder(path.join(targetDir, 'media'))).toEqual(sourceMedia);
    for (const file of sourceMedia) {
      const same = fs
        .readFileSync(path.join(sourceDir, 'media', file))
        .equals(fs.readFileSync(path.join(targetDir, 'media', file)));
      expect(same, file).toBe(true);
    }
    console.warn(
      `backup and restore on ${engine}: ${Object.keys(source).length} tables, ` +
        `${Object.values(source).reduce((n, rows) => n + rows.length, 0)} rows, ${sourceMedia.length} media files equal`,
    );

    // Over a library that has content: refused without --force, nothing changed.
    const again = await runCli('restore.ts', [backupDir], targetEnv);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Không khôi phục đè lên dữ liệu đang có');
    expect(again.stderr).toContain('--force');
    // With --force it replaces it, and the library is again the backup's.
    const forced = await runCli('restore.ts', [backupDir, '--force'], targetEnv);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    expect((await tablesOf(engine, { file: path.join(targetDir, 'phap-bao.sqlite'), url: targetUrl })).notes).toEqual(
      source.notes,
    );

    // A corrupted media file (same size, one byte changed): refused, and the fresh target left empty.
    const avatarEntry = manifest.media.find((m) => m.path.startsWith('avatars/'))!;
    const copy = path.join(backupDir, 'media', ...avatarEntry.path.split('/'));
    const bytes = fs.readFileSync(copy);
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff;
    fs.writeFileSync(copy, bytes);
    const emptyDir = tempDir('phap-bao-restore-refused-');
    let emptyUrl = '';
    if (engine === 'postgres') {
      const empty = await emptyPostgresDatabase();
      emptyUrl = empty.url;
      cleanups.push(() => empty.drop());
    }
    const refused = await runCli('restore.ts', [backupDir], { DATA_DIR: emptyDir, DATABASE_URL: emptyUrl });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${avatarEntry.path}: SHA-256 không khớp`);
    expect(filesUnder(emptyDir)).toEqual([]);
    if (engine === 'postgres') expect(await tablesOf(engine, { url: emptyUrl })).toEqual({});
  }, 300_000);
});

describe('a backup from newer code', () => {
  it('is refused, naming the schema it has and the one this code knows', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-newer-'));
    try {
      // A small library of its own (the admin command migrates it), backed up with the site stopped.
      const admin = await runCli('create-admin.ts', ['--username', 'quantri01'], {
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'mat-khau-quan-tri',
      });
      expect(admin.code).toBe(0);
      const backup = await runCli('backup.ts', ['--out', path.join(dataDir, 'backups')], { DATA_DIR: dataDir });
      expect(backup.code).toBe(0);
      const backupDir = backup.stdout.trim().split('\n').at(-1)!;
      const manifestFile = path.join(backupDir, 'manifest.json');
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { migration: string };
      fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, migration: '9999-tuong-lai' }));
      const target = path.join(dataDir, 'dich');
      const refused = await runCli('restore.ts', [backupDir], { DATA_DIR: target });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('lược đồ mới hơn mã nguồn này (9999-tuong-lai');
      expect(refused.stderr).toContain(manifest.migration);
      expect(fs.existsSync(path.join(target, 'phap-bao.sqlite'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
