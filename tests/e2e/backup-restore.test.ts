import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { availableEngines } from '../support/databases.ts';
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
  tablesOf,
  uploadAvatar,
} from './support/library-contents.ts';
import { runCli } from './support/library-server.ts';

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
  const scratch = scratchSpace();

  it('restores into a fresh library every row and every file of a backup taken while the site runs', async () => {
    const source = await startDemoLibrary(engine, scratch, 'phap-bao-backup-source-');
    const { server } = source;

    // A reader's own things: a highlight with a note, a quote typed by hand, a playlist, an avatar.
    const api = async (method: string, route: string, token: string | null, body?: unknown) => {
      const res = await fetch(`${server.baseURL}/api/v1${route}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
    };
    const token = await registerThrough(server);
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
    await uploadAvatar(server, token, '#9a4a14');

    // The backup, while the server runs and answers.
    const [backup, readyMeanwhile] = await Promise.all([
      backUp(source.env, scratch, 'phap-bao-backups-'),
      fetch(`${server.baseURL}/readyz`).then((r) => r.status),
    ]);
    expect(readyMeanwhile).toBe(200);
    const { manifest } = backup;
    expect(manifest.engine).toBe(engine);
    expect(manifest.media.some((m) => m.path.startsWith('avatars/'))).toBe(true);
    expect(manifest.media.some((m) => m.path.endsWith('.mp3'))).toBe(true);

    // The site stops (SIGTERM: exit 0); its data is what the restore must reproduce.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const sourceTables = await tablesAt(engine, source);
    expect(sourceTables.notes!.length).toBe(2);
    expect(sourceTables.playlist_items!.length).toBe(1);
    for (const [table, rows] of Object.entries(sourceTables)) expect(manifest.tables[table], table).toBe(rows.length);

    // Restored into a fresh database and media folder.
    const target = await emptyLibraryPlace(engine, scratch, 'phap-bao-restore-');
    await restore(backup.dir, target.env);
    expectSameTables(await tablesAt(engine, target), sourceTables);
    const sourceMedia = filesUnder(path.join(source.dir, 'media'));
    expect(filesUnder(path.join(target.dir, 'media'))).toEqual(sourceMedia);
    for (const file of sourceMedia) {
      const same = fs
        .readFileSync(path.join(source.dir, 'media', file))
        .equals(fs.readFileSync(path.join(target.dir, 'media', file)));
      expect(same, file).toBe(true);
    }
    console.warn(
      `backup and restore on ${engine}: ${Object.keys(sourceTables).length} tables, ` +
        `${Object.values(sourceTables).reduce((n, rows) => n + rows.length, 0)} rows, ${sourceMedia.length} media files equal`,
    );

    // Over a library that has content: refused without --force, nothing changed.
    await expectRestoreRefusedOverContent(backup.dir, target.env);
    // With --force it replaces it, and the library is again the backup's.
    await restore(backup.dir, target.env, '--force');
    expect((await tablesAt(engine, target)).notes).toEqual(sourceTables.notes);

    // A corrupted media file (same size, one byte changed): refused, and the fresh target left empty.
    const avatarEntry = manifest.media.find((m) => m.path.startsWith('avatars/'))!;
    const copy = path.join(backup.dir, 'media', ...avatarEntry.path.split('/'));
    const bytes = fs.readFileSync(copy);
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff;
    fs.writeFileSync(copy, bytes);
    const empty = await emptyLibraryPlace(engine, scratch, 'phap-bao-restore-refused-');
    const refused = await runCli('restore.ts', [backup.dir], empty.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${avatarEntry.path}: SHA-256 không khớp`);
    expect(filesUnder(empty.dir)).toEqual([]);
    if (engine === 'postgres') expect(await tablesOf(engine, { url: empty.url })).toEqual({});
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
