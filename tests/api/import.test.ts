import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSearchResponseSchema } from '#common/contracts/search.schema.ts';
import { parseTranscript } from '#server/lib/webvtt.ts';
import { createLogger } from '#server/logger.ts';
import { createDiskMediaStorage } from '#server/media/media-storage.ts';
import { createRepositories, type Repositories } from '#server/repositories/index.ts';
import { createImportService, type ImportInput } from '#server/services/import.service.ts';
import { makeCoverPng, makeDocx, makeEpub, makeSilentMp3, MP3_FRAME_SECONDS } from '../factories/import-files.ts';
import { availableEngines } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Each run starts Node with tsx: seconds on a quiet machine, much longer on a busy CI one (no speed is asserted). */
const CLI_TEST_TIMEOUT_MS = 180_000;

const engines = await availableEngines();
const root = path.resolve(import.meta.dirname, '..', '..');

/** Vietnamese as a volunteer's files hold it: one chapter written decomposed (NFD), to be stored NFC. */
const CHAPTERS = [
  { id: 'c-mo-dau', title: 'Phần mở đầu', body: '<h1>Phần mở đầu</h1><p>Như thị ngã văn: tôi nghe như vầy.</p>' },
  {
    id: 'c-chanh-van',
    title: 'Chánh văn',
    body: `<section><h2>Chánh văn</h2><p>${'Bồ-tát Quán Tự Tại hành thâm Bát-nhã.'.normalize('NFD')}</p><p onclick="steal()">Sắc bất dị không.<script>alert(1)</script></p><a href="javascript:alert(1)">liên kết xấu</a></section>`,
  },
  { id: 'c-hoi-huong', title: 'Hồi hướng', body: '<p>Nguyện đem công đức này hướng về khắp tất cả.</p>' },
];

describe.each(engines)('importing books and talks on %s', (engine) => {
  let t: TestApp;
  let repos: Repositories;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    repos = createRepositories(t.db.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const importer = () => t.services.importer;
  /** Everything an import writes: if a refused file changes one of these, it left something behind. */
  const snapshot = async () => {
    const db = t.db.database.db;
    const count = async (table: 'books' | 'chapters' | 'audio_talks' | 'audio_collections' | 'import_records') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      books: await count('books'),
      chapters: await count('chapters'),
      talks: await count('audio_talks'),
      collections: await count('audio_collections'),
      records: await count('import_records'),
      passages: await repos.search.size(),
      media: fs.readdirSync(t.mediaDir, { recursive: true }).length,
    };
  };
  const chaptersOf = async (code: string) => {
    const book = await repos.books.findByCode(code, ['published', 'draft', 'pending']);
    expect(book, code).toBeTruthy();
    return { book: book!, chapters: await repos.books.listChapters(book!.id) };
  };

  it('imports an EPUB 3: metadata, cover, chapters in spine order with the contents’ titles, NFC, sanitised, searchable', async () => {
    const epub = makeEpub({
      version: 3,
      title: 'Tâm Kinh giảng giải',
      author: 'Thích Nhất Nguyện',
      chapters: CHAPTERS,
      cover: await makeCoverPng(),
    });
    const outcome = await importer().importOne({ name: 'tam-kinh.epub', bytes: epub });
    expect(outcome).toMatchObject({
      status: 'added',
      kind: 'book',
      title: 'Tâm Kinh giảng giải',
      path: '/sach/tam-kinh-giang-giai',
    });
    const { book, chapters } = await chaptersOf('tam-kinh-giang-giai');
    expect(book).toMatchObject({
      author: 'Thích Nhất Nguyện',
      description: 'Sách thử nghiệm của bộ nhập.',
      status: 'published',
    });
    expect(chapters.map((c) => c.title)).toEqual(['Phần mở đầu', 'Chánh văn', 'Hồi hướng']);
    expect(chapters.map((c) => c.code)).toEqual([
      'tam-kinh-giang-giai-1',
      'tam-kinh-giang-giai-2',
      'tam-kinh-giang-giai-3',
    ]);
    const second = chapters[1]!.body_html;
    // NFC, the title not repeated, paragraphs numbered; no script, handler or javascript: link left.
    expect(second).toContain('<p id="p-1">Bồ-tát Quán Tự Tại hành thâm Bát-nhã.</p>');
    expect(second).toBe(second.normalize('NFC'));
    expect(second).not.toMatch(/Chánh văn<\/h/);
    expect(second).not.toMatch(/script|onclick|javascript:/i);
    expect(chapters[0]!.body_html).toBe('<p id="p-1">Như thị ngã văn: tôi nghe như vầy.</p>');
    // The cover, cut to the preset and stored.
    expect(book.cover_image).toMatch(/^\/media\/covers\/tam-kinh-giang-giai-[0-9a-f]{8}-300\.webp$/);
    expect(fs.existsSync(path.join(t.mediaDir, book.cover_image!.slice('/media/'.length)))).toBe(true);
    // Indexed in the same transaction: search finds the decomposed words of chapter 2, typed without marks.
    const res = await t.app.request('/api/v1/public/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'quan tu tai hanh tham', type: 'book' }),
    });
    const { data } = ZSearchResponseSchema.parse(await res.json());
    expect(data.items[0]?.passages[0]?.url).toBe(
      '/tam-kinh-giang-giai-2/tam-kinh-giang-giai?tim=quan+tu+tai+hanh+tham#p-1',
    );
  });

  it('imports an EPUB 2 with its NCX titles, a DOCX by its headings and a Markdown book by its front matter', async () => {
    const epub2 = makeEpub({
      version: 2,
      title: 'Kinh Bát Đại Nhân Giác',
      author: 'An Thế Cao',
      chapters: CHAPTERS.slice(0, 2),
    });
    expect((await importer().importOne({ name: 'bat-dai-nhan-giac.epub', bytes: epub2 })).status).toBe('added');
    expect((await chaptersOf('kinh-bat-dai-nhan-giac')).chapters.map((c) => c.title)).toEqual([
      'Phần mở đầu',
      'Chánh văn',
    ]);

    const docx = await makeDocx({
      title: 'Pháp thoại mùa an cư',
      creator: 'Ban biên tập',
      intro: 'Lời nói đầu của tập pháp thoại.',
      chapters: [
        {
          title: 'Buổi thứ nhất: Chánh niệm',
          paragraphs: ['Thở vào, tôi biết tôi đang thở vào.', 'Thở ra, tôi mỉm cười.'],
        },
        { title: 'Buổi thứ hai: Từ bi', paragraphs: ['Tâm từ là ước muốn cho người khác được an vui.'] },
      ],
    });
    const fromWord = await importer().importOne({ name: 'phap-thoai.docx', bytes: docx });
    expect(fromWord).toMatchObject({ status: 'added', title: 'Pháp thoại mùa an cư' });
    const word = await chaptersOf('phap-thoai-mua-an-cu');
    expect(word.book.author).toBe('Ban biên tập');
    expect(word.chapters.map((c) => c.title)).toEqual([null, 'Buổi thứ nhất: Chánh niệm', 'Buổi thứ hai: Từ bi']);
    expect(word.chapters[1]!.body_html).toBe(
      '<p id="p-1">Thở vào, tôi biết tôi đang thở vào.</p><p id="p-2">Thở ra, tôi mỉm cười.</p>',
    );

    const markdown = [
      '---',
      'title: Lời dạy hằng ngày',
      'author: Thiền sư Vô Danh',
      'code: loi-day-hang-ngay',
      'category: Pháp thoại',
      'license: { spdx: CC-BY-4.0, name: Creative Commons Ghi công 4.0, url: "https://creativecommons.org/licenses/by/4.0/" }',
      '---',
      '# Sáng',
      '',
      'Thức dậy, mỉm cười với **hai mươi bốn giờ** mới tinh.',
      '',
      '# Tối',
      '',
      'Nhìn lại một ngày, không trách mình.',
    ].join('\n');
    const md = await importer().importOne({ name: 'loi-day.md', bytes: Buffer.from(markdown) });
    expect(md).toMatchObject({ status: 'added', path: '/sach/loi-day-hang-ngay' });
    const daily = await chaptersOf('loi-day-hang-ngay');
    expect(daily.book).toMatchObject({ category: 'Pháp thoại', license_spdx: 'CC-BY-4.0' });
    expect(daily.chapters.map((c) => [c.title, c.body_html])).toEqual([
      ['Sáng', '<p id="p-1">Thức dậy, mỉm cười với <strong>hai mươi bốn giờ</strong> mới tinh.</p>'],
      ['Tối', '<p id="p-1">Nhìn lại một ngày, không trách mình.</p>'],
    ]);

    // A changed file updates its book; the same file again changes nothing.
    const changed = markdown.replace('không trách mình', 'biết ơn mọi điều');
    expect((await importer().importOne({ name: 'loi-day.md', bytes: Buffer.from(changed) })).status).toBe('updated');
    expect((await chaptersOf('loi-day-hang-ngay')).chapters[1]!.body_html).toContain('biết ơn mọi điều');
    const before = await snapshot();
    for (const input of [
      { name: 'loi-day.md', bytes: Buffer.from(changed) },
      { name: 'bat-dai-nhan-giac.epub', bytes: epub2 },
      { name: 'phap-thoai.docx', bytes: docx },
    ]) {
      expect((await importer().importOne(input)).status, input.name).toBe('skipped');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('imports an MP3 with its SRT as a talk of its folder’s collection: duration, tags, WebVTT transcript', async () => {
    const frames = 383;
    const srt =
      '1\n00:00:00,500 --> 00:00:03,000\nThở vào, tâm an.\n\n2\n00:00:03,500 --> 00:00:09,000\nThở ra, thân nhẹ.\n';
    const input: ImportInput = {
      name: 'Thiền tập/buoi-1-tho.mp3',
      bytes: makeSilentMp3(frames),
      transcript: { name: 'buoi-1-tho.srt', text: srt },
      collection: 'Thiền tập',
    };
    const outcome = await importer().importOne(input);
    expect(outcome).toMatchObject({ status: 'added', kind: 'talk', title: 'buoi 1 tho' });
    const talkId = (await repos.talks.findTalkIdBySlug('thien-tap-buoi-1-tho'))!;
    const talk = (await repos.talks.findTalkById(talkId))!;
    expect(talk).toMatchObject({
      collection_title: 'Thiền tập',
      duration_seconds: Math.round(frames * MP3_FRAME_SECONDS),
    });
    expect(outcome.path).toBe(`/phap-am/${talk.collection_id}`);
    expect(fs.readFileSync(path.join(t.mediaDir, talk.file_name)).equals(input.bytes)).toBe(true);
    const vtt = fs.readFileSync(path.join(t.mediaDir, talk.transcript_file!), 'utf8');
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    expect(parseTranscript(vtt).map((c) => [c.startSeconds, c.text])).toEqual([
      [0.5, 'Thở vào, tâm an.'],
      [3.5, 'Thở ra, thân nhẹ.'],
    ]);
    // Served with Range like every talk.
    const range = await t.app.request(`/media/${talk.file_name}`, { headers: { range: 'bytes=0-416' } });
    expect(range.status).toBe(206);
    // Again: nothing changes.
    const before = await snapshot();
    expect((await importer().importOne(input)).status).toBe('skipped');
    expect(await snapshot()).toEqual(before);
  });

  it('joins transcript cues a machine cut after a short form or inside brackets ("(zh." / "佛教, sa.")', async () => {
    const vtt =
      'WEBVTT\n\n00:00.350 --> 00:01.846\nPhật giáo (zh.\n\n00:02.196 --> 00:04.910\n佛教, sa.\n\n' +
      '00:05.260 --> 00:06.957\nbuddhaśāsana) là một tôn giáo.\n\n00:07.000 --> 00:08.000\nXá lợi tử!\n';
    const outcome = await importer().importOne({
      name: 'Giới thiệu/phat-giao.mp3',
      bytes: makeSilentMp3(400),
      transcript: { name: 'phat-giao.vtt', text: vtt },
      collection: 'Giới thiệu',
    });
    expect(outcome.status).toBe('added');
    const talk = (await repos.talks.findTalkById((await repos.talks.findTalkIdBySlug('gioi-thieu-phat-giao'))!))!;
    const stored = fs.readFileSync(path.join(t.mediaDir, talk.transcript_file!), 'utf8');
    expect(parseTranscript(stored).map((c) => [c.startSeconds, c.endSeconds, c.text])).toEqual([
      [0.35, 6.957, 'Phật giáo (zh. 佛教, sa. buddhaśāsana) là một tôn giáo.'],
      [7, 8, 'Xá lợi tử!'],
    ]);
  });

  it('refuses hostile and broken files with a reason, leaving the library exactly as it was', async () => {
    const small = createImportService({
      repos: createRepositories(t.db.database.db),
      transaction: (work) => t.db.database.db.transaction().execute((trx) => work(createRepositories(trx))),
      media: createDiskMediaStorage(t.mediaDir),
      logger: createLogger('silent'),
      // A bomb is a small file that expands past the limit: 1 MiB here, 200 MiB in the real importer.
      zipLimits: { maxEntries: 100, maxEntryBytes: 1024 * 1024, maxTotalBytes: 1024 * 1024 },
    });
    const truncated = makeSilentMp3(50).subarray(0, 417 * 49 + 200);
    const cases: [ImportInput, RegExp][] = [
      [
        {
          name: 'thoat-ra.epub',
          bytes: makeEpub({
            version: 3,
            title: 'Sách thoát thư mục',
            author: 'X',
            chapters: CHAPTERS.slice(0, 1),
            extra: { '../../etc/thoat.txt': strToU8('thoát ra ngoài') },
          }),
        },
        /ra ngoài thư mục/,
      ],
      [
        {
          name: 'bom-nen.epub',
          bytes: makeEpub({
            version: 3,
            title: 'Bom nén',
            author: 'X',
            chapters: CHAPTERS.slice(0, 1),
            extra: { 'OEBPS/zeros.bin': new Uint8Array(3 * 1024 * 1024) },
          }),
        },
        /bom nén/,
      ],
      [{ name: 'gia-mao.epub', bytes: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n') }, /không phải gói ZIP/],
      [
        { name: 'khong-phai-word.docx', bytes: Buffer.from(zipSync({ 'hello.txt': strToU8('xin chào') })) },
        /word\/document\.xml/,
      ],
      [
        { name: 'khong-phai-epub.epub', bytes: Buffer.from(zipSync({ 'hello.txt': strToU8('xin chào') })) },
        /không phải là sách EPUB/,
      ],
      [{ name: 'rong.mp3', bytes: Buffer.alloc(0), collection: 'X' }, /rỗng/],
      [{ name: 'cat-cut.mp3', bytes: Buffer.from(truncated), collection: 'X' }, /cắt cụt/],
      [{ name: 'anh.mp3', bytes: await makeCoverPng(), collection: 'X' }, /không phải âm thanh MP3/],
      [{ name: 'nhi-phan.md', bytes: Buffer.from([0xff, 0xfe, 0x00, 0x41]) }, /UTF-8|byte rỗng/],
      [{ name: 'sai-phan-dau.md', bytes: Buffer.from('---\ncode: Mã Có Dấu\n---\n# A\n\nB') }, /code/],
      [{ name: 'ghi-chu.txt', bytes: Buffer.from('xin chào') }, /chỉ \.epub, \.docx, \.md, \.mp3/],
      [
        {
          name: 'loi-rong.mp3',
          bytes: makeSilentMp3(40),
          transcript: { name: 'loi-rong.vtt', text: 'WEBVTT\n\nkhông có mốc giờ' },
          collection: 'X',
        },
        /không có dòng nào/,
      ],
    ];
    const before = await snapshot();
    for (const [input, reason] of cases) {
      const outcome = await small.importOne(input);
      expect(outcome.status, input.name).toBe('failed');
      expect(outcome.reason, input.name).toMatch(reason);
      expect(await snapshot(), input.name).toEqual(before);
    }
  });

  it('checks everything but writes nothing on a dry run, and imports drafts when asked', async () => {
    const markdown = Buffer.from('---\ntitle: Bản nháp\n---\n# Một\n\nNội dung bản nháp.');
    const before = await snapshot();
    expect((await importer().importOne({ name: 'ban-nhap.md', bytes: markdown }, { dryRun: true })).status).toBe(
      'added',
    );
    expect(await snapshot()).toEqual(before);
    expect((await importer().importOne({ name: 'ban-nhap.md', bytes: markdown }, { draft: true })).status).toBe(
      'added',
    );
    expect((await chaptersOf('ban-nhap')).book.status).toBe('draft');
    expect((await t.app.request('/api/v1/public/book/ban-nhap')).status).toBe(404);
  });
});

describe('npm run import (the command)', () => {
  it(
    'imports a folder tree with a progress line per file and a summary; a second run changes nothing',
    () => {
      const work = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cli-'));
      const source = path.join(work, 'kho');
      fs.mkdirSync(path.join(source, 'Pháp thoại'), { recursive: true });
      fs.writeFileSync(path.join(source, 'kinh.md'), '---\ntitle: Kinh nhập thử\n---\n# Chương một\n\nLời kinh.');
      fs.writeFileSync(path.join(source, 'Pháp thoại', 'bai-giang.mp3'), makeSilentMp3(100));
      fs.writeFileSync(
        path.join(source, 'Pháp thoại', 'bai-giang.vtt'),
        'WEBVTT\n\n00:00.000 --> 00:02.000\nMở đầu.\n',
      );
      fs.writeFileSync(path.join(source, 'hong.epub'), 'không phải epub');
      const run = (...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/import.ts', source, ...args], {
          cwd: root,
          env: { ...process.env, DATA_DIR: path.join(work, 'data'), DATABASE_URL: '', LOG_LEVEL: 'silent' },
          encoding: 'utf8',
        });
      const dry = run('--dry-run');
      expect(dry.stdout).toContain('Chạy thử (không ghi gì):');
      const first = run();
      expect(first.status).toBe(1);
      expect(first.stdout).toMatch(/thêm mới\s+2/);
      expect(first.stdout).toMatch(/thất bại\s+1/);
      expect(first.stdout).toContain('[thất bại] hong.epub (Tệp .epub này không phải gói ZIP');
      expect(first.stdout).toContain('3/3 Pháp thoại/bai-giang.mp3: thêm mới');
      const second = run();
      expect(second.stdout).toMatch(/bỏ qua\s+2/);
      expect(second.stdout).toMatch(/thêm mới\s+0/);
      fs.rmSync(work, { recursive: true, force: true });
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
