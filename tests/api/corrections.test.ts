import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CORRECTION_MESSAGES, ZCorrectionPageSchema, ZCorrectionSchema } from '#common/contracts/correction.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { ZSearchResultSchema } from '#common/contracts/search.schema.ts';
import { renderMarkdownHtml } from '#server/lib/markdown-html.ts';
import { parseTranscript } from '#server/lib/webvtt.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { factories, type MadeBook, type Person } from '../factories/tables.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();
const ZOne = z.object({ data: ZCorrectionSchema });
const ZPage = z.object({ data: ZCorrectionPageSchema });
const unique = () => `tu${crypto.randomBytes(4).toString('hex')}`;

/**
 * "Báo lỗi / Đề xuất sửa" (decision 0031): a reader proposes the corrected text
 * of a paragraph or a transcript line; a moderator sees the diff and accepts it (the text and its
 * search passages change in one transaction, the reader is credited) or refuses it; both are in
 * the audit log.
 */
describe.each(engines)('readers’ corrections on %s', (engine) => {
  let t: TestApp;
  let reader: Person;
  let other: Person;
  let moderator: Person;
  let book: MadeBook;
  let make: ReturnType<typeof factories>;
  const api = apiClient(() => t);

  beforeAll(async () => {
    t = await createTestApp(engine);
    make = factories(t);
    reader = await make.reader();
    other = await make.reader();
    moderator = await make.moderator();
    book = await make.book({
      chapters: [
        {
          title: 'Chương một',
          html: '<p id="p-1">Như thị ngã văn: Nhất thời Phật tại Xá Vệ quốc.</p>\n<p id="p-2">Nhĩ thời Thế Tôn thực thời, trước y trì bát.</p>',
        },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const chapterCode = () => book.chapters[0]!.code;
  const propose = (body: unknown, as: Person | null = reader) => api.post('/corrections', body, { as: as?.token });
  const errorOf = async (res: Response) => ZErrorResponseSchema.parse(await res.json());
  /** The message and every field's message: what the reader's form shows. */
  const messagesOf = async (res: Response) => {
    const error = await errorOf(res);
    return [error.errorMessage, ...Object.values(error.fields ?? {})].join(' | ');
  };
  const bodyOfChapter = async () =>
    (
      await t.db.database.db
        .selectFrom('chapters')
        .select('body_html')
        .where('code', '=', chapterCode())
        .executeTakeFirstOrThrow()
    ).body_html;
  const auditLines = () => t.db.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
  /** The cues of a stored transcript, as the media route serves it. */
  const servedCues = async (file: string | null) =>
    parseTranscript(await (await t.app.request(`/media/${file}`)).text());
  /**
   * A moderator accepts a correction of a line of the talk or video `id` (`table`): its transcript is
   * then a new file and the old one is no longer served. Returns the new file's cues.
   */
  const acceptLine = async (correctionId: number, table: 'audio_talks' | 'videos', id: number, oldFile: string) => {
    const res = await api.post(
      `/moderation/correction/${correctionId}`,
      { decision: 'accept' },
      { as: moderator.token },
    );
    expect(res.status).toBe(200);
    const after = await t.db.database.db
      .selectFrom(table)
      .select('transcript_file')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.transcript_file).not.toBe(oldFile);
    expect((await t.app.request(`/media/${oldFile}`)).status).toBe(404);
    return { file: after.transcript_file, cues: await servedCues(after.transcript_file) };
  };
  const search = async (query: string, type: 'all' | 'book' | 'transcript' | 'video') => {
    const res = await api.post('/public/search', { query, type });
    expect(res.status).toBe(200);
    return ZSearchResultSchema.parse(((await res.json()) as { data: unknown }).data);
  };

  it('a reader proposes the text of a paragraph; the text as it was is kept beside it, with a word diff', async () => {
    const res = await propose({
      chapterCode: chapterCode(),
      anchor: 'p-1',
      proposedText: '  Như thị ngã văn: Nhất thời Phật tại nước Xá Vệ.  ',
      note: 'Thiếu chữ “nước”.',
    });
    expect(res.status).toBe(201);
    const { data } = ZOne.parse(await res.json());
    expect(data).toMatchObject({
      itemType: 'chapter',
      state: 'pending',
      anchor: 'p-1',
      originalText: 'Như thị ngã văn: Nhất thời Phật tại Xá Vệ quốc.',
      proposedText: 'Như thị ngã văn: Nhất thời Phật tại nước Xá Vệ.',
      note: 'Thiếu chữ “nước”.',
      authorName: reader.displayName,
      path: `/${chapterCode()}/${book.code}#p-1`,
    });
    const added = data.diff.filter((p) => p.op === 'added').map((p) => p.text);
    const removed = data.diff.filter((p) => p.op === 'removed').map((p) => p.text);
    expect(added.join('')).toContain('nước');
    expect(removed.join('')).toContain('quốc.');
    expect(data.diff.find((p) => p.op === 'same')?.text).toBe('Như thị ngã văn: Nhất thời Phật tại ');
    // Nothing changes until a moderator accepts it.
    expect(await bodyOfChapter()).toContain('Phật tại Xá Vệ quốc.');
  });

  it('refuses bad proposals with a Vietnamese message and writes nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db.database.db
            .selectFrom('corrections')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const cases: [unknown, Person | null, number, RegExp][] = [
      [{ chapterCode: chapterCode(), anchor: 'p-1', proposedText: 'Sửa' }, null, 401, /đăng nhập/],
      [
        { chapterCode: chapterCode(), anchor: 'p-1', proposedText: 'Như thị ngã văn:  Nhất thời Phật tại Xá Vệ quốc.' },
        reader,
        400,
        /giống hệt/,
      ],
      [{ chapterCode: chapterCode(), anchor: 'p-9', proposedText: 'Một đoạn' }, reader, 404, /Không tìm thấy đoạn/],
      [{ chapterCode: 'khong-co-chuong', anchor: 'p-1', proposedText: 'Một đoạn' }, reader, 404, /Không tìm thấy đoạn/],
      [{ chapterCode: chapterCode(), anchor: 'p-1', proposedText: '   ' }, reader, 400, /Hãy viết lại đoạn văn/],
      [{ chapterCode: chapterCode(), anchor: 'doan-1', proposedText: 'Một đoạn' }, reader, 400, /.+/],
      [{ proposedText: 'Một đoạn' }, reader, 400, /Hãy chọn một đoạn/],
      [{ talkId: 1, line: 100_000, proposedText: 'Một dòng' }, reader, 404, /dòng lời/],
      [{ videoId: 2_000_000, line: 0, proposedText: 'Một dòng' }, reader, 404, /dòng lời này trong video/],
      [{ talkId: 1, videoId: 1, line: 0, proposedText: 'Một dòng' }, reader, 400, /hoặc của video/],
      [{ videoId: 1, proposedText: 'Một dòng' }, reader, 400, /Hãy chọn một đoạn/],
    ];
    for (const [body, as, status, message] of cases) {
      const res = await propose(body, as);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await messagesOf(res)).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  it('a correction is its author’s: others get 404 reading or withdrawing it; the author lists and withdraws it', async () => {
    const res = await propose({
      chapterCode: chapterCode(),
      anchor: 'p-2',
      proposedText: 'Nhĩ thời Thế Tôn thực thời.',
    });
    const { id } = ZOne.parse(await res.json()).data;
    expect((await api.get(`/correction/${id}`, { as: reader.token })).status).toBe(200);
    for (const call of [
      api.get(`/correction/${id}`, { as: other.token }),
      api.delete(`/correction/${id}`, { as: other.token }),
    ]) {
      const refused = await call;
      expect(refused.status).toBe(404);
      expect((await errorOf(refused)).errorMessage).toBe('Không tìm thấy đề xuất sửa này.');
    }
    const mine = ZPage.parse(await (await api.get('/corrections', { as: reader.token })).json()).data;
    expect(mine.items.map((c) => c.id)).toContain(id);
    const theirs = ZPage.parse(await (await api.get('/corrections', { as: other.token })).json()).data;
    expect(theirs.items.map((c) => c.id)).not.toContain(id);
    expect((await api.delete(`/correction/${id}`, { as: reader.token })).status).toBe(200);
    expect((await api.get(`/correction/${id}`, { as: reader.token })).status).toBe(404);
  });

  it('only moderators see the queue and decide; a refusal needs a reason and is logged', async () => {
    const { id } = ZOne.parse(
      await (
        await propose({ chapterCode: chapterCode(), anchor: 'p-2', proposedText: 'Nhĩ thời Thế Tôn đi khất thực.' })
      ).json(),
    ).data;
    expect((await api.get('/moderation/corrections', { as: reader.token })).status).toBe(403);
    const forbidden = await api.post(`/moderation/correction/${id}`, { decision: 'accept' }, { as: reader.token });
    expect(forbidden.status).toBe(403);
    expect((await errorOf(forbidden)).errorMessage).toMatch(/kiểm duyệt|quyền/);
    expect((await api.get('/moderation/corrections')).status).toBe(401);

    const queue = ZPage.parse(await (await api.get('/moderation/corrections', { as: moderator.token })).json()).data;
    const waiting = queue.items.find((c) => c.id === id);
    expect(waiting?.diff.some((p) => p.op === 'added')).toBe(true);

    const noReason = await api.post(`/moderation/correction/${id}`, { decision: 'refuse' }, { as: moderator.token });
    expect(noReason.status).toBe(400);
    expect((await errorOf(noReason)).fields?.reason).toBe('Hãy ghi lý do từ chối để bạn đọc biết.');
    const refused = await api.post(
      `/moderation/correction/${id}`,
      { decision: 'refuse', reason: 'Bản gốc viết như vậy.' },
      { as: moderator.token },
    );
    expect(refused.status).toBe(200);
    expect(ZOne.parse(await refused.json()).data).toMatchObject({ state: 'refused', reason: 'Bản gốc viết như vậy.' });
    expect(await bodyOfChapter()).toContain('Nhĩ thời Thế Tôn thực thời, trước y trì bát.');
    const line = (await auditLines()).at(-1)!;
    expect(line).toMatchObject({ action: 'refuse', item_type: 'correction', item_id: id, actor_id: moderator.id });
    expect(line.detail).toContain(reader.displayName);
    // Decided once: a second decision is refused, and the author sees the reason.
    const again = await api.post(`/moderation/correction/${id}`, { decision: 'accept' }, { as: moderator.token });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).errorMessage).toBe('Đề xuất này đã được xử lý rồi.');
    const seen = ZOne.parse(await (await api.get(`/correction/${id}`, { as: reader.token })).json()).data;
    expect(seen).toMatchObject({ state: 'refused', reason: 'Bản gốc viết như vậy.' });
  });

  it('accepting changes the paragraph and its search passages in one transaction, credits the reader, and logs it', async () => {
    const word = unique();
    const first = ZOne.parse(
      await (
        await propose({
          chapterCode: chapterCode(),
          anchor: 'p-2',
          proposedText: `Nhĩ thời Thế Tôn ${word} thực thời.`,
        })
      ).json(),
    ).data;
    // Another reader's correction of the same paragraph, made against the text before the first.
    const second = ZOne.parse(
      await (
        await propose({ chapterCode: chapterCode(), anchor: 'p-2', proposedText: 'Lúc bấy giờ Đức Thế Tôn.' }, other)
      ).json(),
    ).data;
    expect((await search(word, 'book')).total).toBe(0);

    const accepted = await api.post(
      `/moderation/correction/${first.id}`,
      { decision: 'accept' },
      { as: moderator.token },
    );
    expect(accepted.status).toBe(200);
    expect(ZOne.parse(await accepted.json()).data.state).toBe('accepted');
    const body = await bodyOfChapter();
    expect(body).toContain(`<p id="p-2">Nhĩ thời Thế Tôn ${word} thực thời.</p>`);
    expect(body).toContain('<p id="p-1">Như thị ngã văn');
    const found = await search(word, 'book');
    expect(found.items.map((i) => i.title)).toContain(book.title);
    expect(await t.services.corrections.creditsFor('chapter', (await chapterId())!)).toEqual([reader.displayName]);
    const line = (await auditLines()).at(-1)!;
    expect(line).toMatchObject({ action: 'accept', item_type: 'chapter', actor_id: moderator.id });
    expect(line.detail).toContain(reader.displayName);

    // The second was made against the old text: accepting it would undo the first. Refused, nothing written.
    const audits = (await auditLines()).length;
    const stale = await api.post(
      `/moderation/correction/${second.id}`,
      { decision: 'accept' },
      { as: moderator.token },
    );
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).errorMessage).toMatch(/đã thay đổi/);
    expect(await bodyOfChapter()).toBe(body);
    expect((await auditLines()).length).toBe(audits);
    const still = ZOne.parse(await (await api.get(`/correction/${second.id}`, { as: other.token })).json()).data;
    expect(still.state).toBe('pending');
  });

  /** A chapter's stored Markdown and HTML, by its code. */
  const storedChapter = (code: string) =>
    t.db.database.db
      .selectFrom('chapters')
      .select(['id', 'body_html', 'body_markdown'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
  const decide = (id: number, decision: 'accept' | 'refuse' = 'accept') =>
    api.post(`/moderation/correction/${id}`, { decision }, { as: moderator.token });
  const proposal = async (chapterCode: string, anchor: string, proposedText: string, as: Person = reader) => {
    const res = await propose({ chapterCode, anchor, proposedText }, as);
    expect(res.status).toBe(201);
    return ZOne.parse(await res.json()).data;
  };

  it('accepting keeps the paragraph’s emphasis, strong text, link and footnote mark around the changed words; a highlight elsewhere stays', async () => {
    const word = unique();
    const formatted = await make.book({
      chapters: [
        {
          title: 'Chương có định dạng',
          html:
            '<p id="p-1">Đức <em>Phật</em> dạy rằng <strong>tâm</strong> là <a href="/sach">gốc</a><sup>1</sup> của muôn pháp.</p>\n' +
            '<p id="p-2">Đoạn khác có chữ <em>nghiêng</em> &amp; dấu.</p>',
        },
      ],
    });
    const code = formatted.chapters[0]!.code;
    const note = {
      bookCode: formatted.code,
      chapterCode: code,
      color: 'yellow',
      content: 'nghiêng',
      anchor: {
        paragraph: 'p-2',
        start: 16,
        end: 23,
        exact: 'nghiêng',
        prefix: 'Đoạn khác có chữ ',
        suffix: ' & dấu.',
      },
    };
    expect((await api.post('/notes', note, { as: other.token })).status).toBe(201);
    const notesBefore = await api.get('/notes', { as: other.token }).then((r) => r.json());
    // The text as the reader's dialog holds it: the paragraph's text, the footnote mark's 1 included.
    const correction = await proposal(code, 'p-1', `Đức Phật dạy rằng tâm là ${word} gốc1 của muôn pháp.`);
    expect(correction.originalText).toBe('Đức Phật dạy rằng tâm là gốc 1 của muôn pháp.');

    expect((await decide(correction.id)).status).toBe(200);
    const after = await storedChapter(code);
    expect(after.body_html).toBe(
      `<p id="p-1">Đức <em>Phật</em> dạy rằng <strong>tâm</strong> là ${word} <a href="/sach">gốc</a><sup>1</sup> của muôn pháp.</p>\n` +
        '<p id="p-2">Đoạn khác có chữ <em>nghiêng</em> &amp; dấu.</p>',
    );
    expect(after.body_markdown).toBeNull();
    expect((await search(word, 'book')).items.map((i) => i.title)).toContain(formatted.title);
    expect(await t.services.corrections.creditsFor('chapter', after.id)).toEqual([reader.displayName]);
    expect(await api.get('/notes', { as: other.token }).then((r) => r.json())).toEqual(notesBefore);
  });

  it('a paragraph whose tags do not close in order is refused with what to do instead, and nothing is written', async () => {
    const broken = await make.book({
      chapters: [{ title: 'Chương hỏng thẻ', html: '<p id="p-1">Đức <em>Phật</strong> dạy rằng tâm là gốc.</p>' }],
    });
    const code = broken.chapters[0]!.code;
    const before = await storedChapter(code);
    const audits = (await auditLines()).length;
    const correction = await proposal(code, 'p-1', 'Đức Phật dạy rằng tâm là cội gốc.');
    const res = await decide(correction.id);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).errorMessage).toBe(CORRECTION_MESSAGES.htmlParagraph);
    expect(await storedChapter(code)).toEqual(before);
    expect((await auditLines()).length).toBe(audits);
    expect(
      ZOne.parse(await (await api.get(`/correction/${correction.id}`, { as: reader.token })).json()).data.state,
    ).toBe('pending');
  });

  it('a chapter written in Markdown is corrected in its Markdown, rendered again with the same paragraph ids; what cannot be is refused, unwritten', async () => {
    const word = unique();
    const markdown = [
      '# Phẩm đầu',
      '',
      'Đức *Phật* dạy rằng **tâm** là [gốc](https://example.org/goc) của muôn pháp.',
      '',
      '> Lời trích dẫn trong khối trích.',
      '',
      '- một ý',
      '- hai ý',
      '',
      '<p lang="vi">Đoạn viết tay bằng HTML.</p>',
      '',
      'Đoạn cuối có `mã` và &amp; dấu.',
      '',
    ].join('\n');
    const written = await make.book({ chapters: [{ title: 'Chương soạn bằng Markdown', markdown }] });
    const code = written.chapters[0]!.code;
    const before = await storedChapter(code);
    expect(before.body_markdown).toBe(markdown);

    const accepted = await proposal(code, 'p-1', `Đức Phật dạy rằng tâm là ${word} gốc của muôn pháp.`);
    // Made against the last paragraph's text before another correction of it is accepted.
    const first = await proposal(code, 'p-4', 'Đoạn cuối có mã và & dấu chấm.');
    const stale = await proposal(code, 'p-4', 'Đoạn cuối cùng có mã và & dấu.', other);
    const handWritten = await proposal(code, 'p-3', 'Đoạn viết tay bằng HTML đã sửa.');

    const res = await decide(accepted.id);
    expect(res.status).toBe(200);
    expect(ZOne.parse(await res.json()).data.state).toBe('accepted');
    const after = await storedChapter(code);
    expect(after.body_markdown).toBe(markdown.replace('**tâm** là [gốc]', `**tâm** là ${word} [gốc]`));
    expect(after.body_html).toBe(renderMarkdownHtml(after.body_markdown!));
    expect(after.body_html).toContain(
      `<p id="p-1">Đức <em>Phật</em> dạy rằng <strong>tâm</strong> là ${word} <a href="https://example.org/goc"`,
    );
    expect(after.body_html.replace(/<p id="p-1">[\s\S]*?<\/p>/, '')).toBe(
      before.body_html.replace(/<p id="p-1">[\s\S]*?<\/p>/, ''),
    );
    expect((await search(word, 'book')).items.map((i) => i.title)).toContain(written.title);
    const line = (await auditLines()).at(-1)!;
    expect(line).toMatchObject({ action: 'accept', item_type: 'chapter', item_id: after.id, actor_id: moderator.id });

    expect((await decide(first.id)).status).toBe(200);
    const corrected = await storedChapter(code);
    expect(corrected.body_markdown).toContain('Đoạn cuối có `mã` và &amp; dấu chấm.');
    expect(corrected.body_html).toContain('<p id="p-4">Đoạn cuối có <code>mã</code> và &amp; dấu chấm.</p>');

    // Refused, and nothing written: a paragraph written in HTML inside the Markdown, and text changed since.
    const audits = (await auditLines()).length;
    const refusedHtml = await decide(handWritten.id);
    expect(refusedHtml.status).toBe(409);
    const refusedMessage = (await errorOf(refusedHtml)).errorMessage;
    expect(refusedMessage).toBe(CORRECTION_MESSAGES.markdownChapter);
    expect(refusedMessage).toContain('hãy sửa đoạn ấy trong trang soạn chương');
    const refusedStale = await decide(stale.id);
    expect(refusedStale.status).toBe(409);
    expect((await errorOf(refusedStale)).errorMessage).toBe(CORRECTION_MESSAGES.textChanged);
    expect(await storedChapter(code)).toEqual(corrected);
    expect((await auditLines()).length).toBe(audits);
    for (const [waiting, author] of [
      [handWritten, reader],
      [stale, other],
    ] as const) {
      const row = ZOne.parse(await (await api.get(`/correction/${waiting.id}`, { as: author.token })).json());
      expect(row.data.state).toBe('pending');
    }
    // The moderator can still refuse them, with thanks.
    const refusal = await api.post(
      `/moderation/correction/${handWritten.id}`,
      { decision: 'refuse', reason: 'Đã sửa trong trang soạn chương, cảm ơn bạn.' },
      { as: moderator.token },
    );
    expect(refusal.status).toBe(200);
    expect(await t.services.corrections.creditsFor('chapter', after.id)).toEqual([reader.displayName]);
  });

  async function chapterId() {
    return (
      await t.db.database.db.selectFrom('chapters').select('id').where('code', '=', chapterCode()).executeTakeFirst()
    )?.id;
  }

  it('a transcript line: the accepted text is in the served transcript and in search, the old file is gone', async () => {
    const talk = await t.db.database.db
      .selectFrom('audio_talks')
      .select(['id', 'title', 'transcript_file'])
      .where('status', '=', 'published')
      .where('transcript_file', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const cues = await servedCues(talk.transcript_file);
    expect(cues.length).toBeGreaterThan(3);
    const word = unique();
    const proposed = `${cues[2]!.text} ${word}`;
    const made = await propose({ talkId: talk.id, line: 2, proposedText: proposed });
    expect(made.status).toBe(201);
    const correction = ZOne.parse(await made.json()).data;
    expect(correction).toMatchObject({ itemType: 'talk', originalText: cues[2]!.text, anchor: '2' });
    expect(correction.path).toMatch(new RegExp(`^/phap-am/\\d+\\?nghe=${talk.id}$`));

    const changed = (await acceptLine(correction.id, 'audio_talks', talk.id, talk.transcript_file!)).cues;
    expect(changed.map((c) => c.text)).toEqual(cues.map((c, i) => (i === 2 ? proposed : c.text)));
    expect(changed.map((c) => c.startSeconds)).toEqual(cues.map((c) => c.startSeconds));
    const found = await search(word, 'transcript');
    expect(found.items.map((i) => i.title)).toContain(talk.title);
    expect(await t.services.corrections.creditsFor('talk', talk.id)).toEqual([reader.displayName]);
    expect((await auditLines()).at(-1)).toMatchObject({ action: 'accept', item_type: 'talk', item_id: talk.id });
  });
  it('a video’s transcript line: accepted, the served transcript changes, the old file is gone, the reader is thanked', async () => {
    const video = await t.db.database.db
      .selectFrom('videos')
      .select(['id', 'title', 'slug', 'transcript_file'])
      .where('status', '=', 'published')
      .where('transcript_file', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const cues = await servedCues(video.transcript_file);
    expect(cues.length).toBeGreaterThan(2);
    const proposed = `${cues[1]!.text} ${unique()}`;
    const made = await propose({ videoId: video.id, line: 1, proposedText: proposed });
    expect(made.status).toBe(201);
    const correction = ZOne.parse(await made.json()).data;
    expect(correction).toMatchObject({
      itemType: 'video',
      itemLabel: `${video.title} · dòng 2`,
      path: `/videos?xem=${video.slug}`,
      originalText: cues[1]!.text,
      anchor: '1',
    });
    // Another reader cannot read it.
    expect((await api.get(`/correction/${correction.id}`, { as: other.token })).status).toBe(404);

    const after = await acceptLine(correction.id, 'videos', video.id, video.transcript_file!);
    expect(after.file).toMatch(/^video\/.+\.vtt$/);
    expect(after.cues.map((c) => c.text)).toEqual(cues.map((c, i) => (i === 1 ? proposed : c.text)));
    expect((await t.services.videos.findVideoPage(video.slug))?.cues[1]?.text).toBe(proposed);
    expect(await t.services.corrections.creditsFor('video', video.id)).toEqual([reader.displayName]);
    expect((await auditLines()).at(-1)).toMatchObject({ action: 'accept', item_type: 'video', item_id: video.id });
  });

  it('a video’s transcript is searched: a word of one line finds the video at that moment; an accepted correction swaps the words', async () => {
    const [oldWord, newWord] = [unique(), unique()];
    const line = (word: string) => `Hôm nay chúng ta học về ${word} và chánh niệm.`;
    const video = await make.video({
      transcript: ['Nam mô Bổn Sư Thích Ca Mâu Ni Phật.', line(oldWord), 'Xin hồi hướng công đức.'],
    });
    const keysOf = async (word: string, type: 'all' | 'video') => (await search(word, type)).items.map((i) => i.key);

    const found = await search(oldWord, 'video');
    expect(found.items.map((i) => i.key)).toEqual([video.slug]);
    expect(found.items[0]!.passages[0]).toMatchObject({
      url: `/videos?xem=${video.slug}&t=5`,
      label: '0:05',
      startSeconds: 5,
    });
    expect(await keysOf(oldWord, 'all')).toEqual([video.slug]);
    expect(await keysOf(newWord, 'all')).toEqual([]);

    const made = await propose({ videoId: video.id, line: 1, proposedText: line(newWord) });
    expect(made.status).toBe(201);
    // Proposed is not accepted: search still has the old word only.
    expect(await keysOf(newWord, 'video')).toEqual([]);
    await acceptLine(ZOne.parse(await made.json()).data.id, 'videos', video.id, video.transcriptFile!);
    expect(await keysOf(newWord, 'video')).toEqual([video.slug]);
    expect(await keysOf(newWord, 'all')).toEqual([video.slug]);
    expect(await keysOf(oldWord, 'all')).toEqual([]);
    // The title and the other lines are still found; "Xem thêm N đoạn" asks inside the video.
    expect(await keysOf(video.title, 'video')).toContain(video.slug);
    expect(await keysOf('hồi hướng công đức', 'video')).toContain(video.slug);
    const inside = await api.post('/public/search', {
      query: 'chúng ta học về',
      item: { type: 'video', key: video.slug },
    });
    const lines = ZSearchResultSchema.parse(((await inside.json()) as { data: unknown }).data).items[0]!.passages;
    expect(lines.map((p) => p.startSeconds)).toEqual([5]);
    // A whole rebuild (a new index version) reads the transcript again from its file.
    await t.services.searchIndexer.rebuild();
    expect(await keysOf(newWord, 'video')).toEqual([video.slug]);
    expect(await keysOf(oldWord, 'all')).toEqual([]);
  });
});
