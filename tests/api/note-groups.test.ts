import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import {
  ZModerationEventSchema,
  ZModerationQueueSchema,
  ZNoteGroupSchema,
  ZNoteGroupsWithNotesPageSchema,
  ZNoteGroupWithNotesSchema,
  ZPublicNoteGroupDetailSchema,
  ZPublicNoteGroupsPageSchema,
} from '#common/contracts/note-group.schema.ts';
import { ZNoteSchema, ZNotesPageSchema } from '#common/contracts/note.schema.ts';
import { apiClient } from '../support/api-client.ts';
import { availableEngines } from '../support/databases.ts';
import { factories, type MadeBook } from '../factories/tables.ts';
import { createTestApp, registerReader, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

/** A highlight of the first words of `book`'s first chapter — a real passage of a real chapter. */
const highlightIn = (book: MadeBook) => ({
  bookCode: book.code,
  chapterCode: book.chapters[0]!.code,
  color: 'yellow',
  content: 'Như thị ngã văn',
  anchor: { paragraph: 'p-1', start: 0, end: 15, exact: 'Như thị ngã văn', prefix: '', suffix: '' },
});
/** Quotes typed by hand, chosen so the Vietnamese alphabet and the byte order disagree (Đ, Ă, Â). */
const quotes = [
  { content: 'Đời là bể khổ, quay đầu là bờ.', sourceTitle: 'Tục ngữ nhà Phật', color: 'red' },
  { content: 'Ăn cơm chánh niệm, rửa bát chánh niệm.', sourceTitle: 'Lời dạy về chánh niệm', color: 'aqua' },
  { content: 'Buông bỏ được thì an vui.', sourceTitle: 'Pháp thoại', color: 'yellow' },
  {
    content: 'Zen là sống trọn từng phút giây.',
    sourceTitle: 'Thiền là gì?',
    sourceUrl: 'https://vi.wikipedia.org/wiki/Thi%E1%BB%81n_t%C3%B4ng',
    color: 'aqua',
  },
];

const ZGroup = z.object({ data: ZNoteGroupSchema });
const ZNote = z.object({ data: ZNoteSchema });

describe.each(engines)('note groups and moderation on %s', (engine) => {
  let sutra: MadeBook;
  let highlight: ReturnType<typeof highlightIn>;
  let t: TestApp;
  let alice: string;
  let bob: string;
  let moderator: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    sutra = await factories(t).book({ title: 'Kinh thử nhóm ghi chú' });
    highlight = highlightIn(sutra);
    alice = await registerReader(t);
    bob = await registerReader(t);
    moderator = await registerReader(t);
    const modUser = (await t.services.auth.authenticate(moderator))!;
    const { user: admin } = await t.services.auth.createOrPromoteAdmin('quantri01', 'mat-khau-quan-tri');
    await t.services.auth.changeRole(admin, modUser.id, 'moderator');
  });
  afterAll(async () => {
    await t.close();
  });

  const api = apiClient(() => t);

  const createGroup = async (token: string, name: string, description?: string) => {
    const res = await api.post('/note_groups', { name, description }, { as: token });
    expect(res.status).toBe(201);
    return ZGroup.parse(await res.json()).data;
  };
  const addNote = async (token: string, note: Record<string, unknown>) => {
    const res = await api.post('/notes', note, { as: token });
    expect(res.status, await res.clone().text()).toBe(201);
    return ZNote.parse(await res.json()).data;
  };
  const withNotes = async (token: string, query: string) => {
    const res = await api.get(`/note_group_with_notes?${query}`, { as: token });
    expect(res.status, query).toBe(200);
    return z.object({ data: ZNoteGroupWithNotesSchema }).parse(await res.json()).data;
  };
  const message = async (res: Response) => ZErrorResponseSchema.parse(await res.json()).errorMessage;

  it('makes, lists, renames and deletes groups; bad names get a Vietnamese message', async () => {
    const group = await createGroup(alice, '  Lời kinh buổi sáng ', 'Những câu đọc mỗi sáng.');
    expect(group).toMatchObject({
      name: 'Lời kinh buổi sáng',
      description: 'Những câu đọc mỗi sáng.',
      noteCount: 0,
      isPublic: false,
      moderationState: 'none',
    });
    const list = z
      .object({ data: z.array(ZNoteGroupSchema) })
      .parse(await (await api.get('/note_groups', { as: alice })).json());
    expect(list.data.map((g) => g.id)).toContain(group.id);

    const renamed = await api.put(`/note_group/${group.id}`, { name: 'Kinh sáng' }, { as: alice });
    expect(ZGroup.parse(await renamed.json()).data.name).toBe('Kinh sáng');
    for (const bad of [{ name: '   ' }, { name: 'x'.repeat(121) }, {}, { isPublic: 'yes' }]) {
      const res = await api.put(`/note_group/${group.id}`, bad, { as: alice });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(await message(res)).toMatch(/[à-ỹ]/);
    }
    expect((await api.post('/note_groups', { name: '' }, { as: alice })).status).toBe(400);

    // A note in the group stays, in no group, when the group goes.
    const note = await addNote(alice, { ...highlight, noteGroupId: group.id });
    expect(note.noteGroupId).toBe(group.id);
    expect((await api.delete(`/note_group/${group.id}`, { as: alice })).status).toBe(200);
    expect((await api.get(`/note_group/${group.id}`, { as: alice })).status).toBe(404);
    const ungrouped = z
      .object({ data: ZNotesPageSchema })
      .parse(await (await api.get('/ungroup_notes', { as: alice })).json());
    expect(ungrouped.data.items.map((n) => n.id)).toContain(note.id);
  });

  it('keeps every group and its notes to its owner: others get 404, anonymous callers 401', async () => {
    const group = await createGroup(alice, 'Riêng của Alice');
    const note = await addNote(alice, { ...quotes[0], noteGroupId: group.id });
    for (const [method, url, body] of [
      ['GET', `/note_group/${group.id}`],
      ['PUT', `/note_group/${group.id}`, { name: 'Của Bob' }],
      ['DELETE', `/note_group/${group.id}`],
      ['GET', `/note_group/${group.id}/pdf`],
      ['GET', `/note_group/${group.id}/history`],
      ['GET', `/note_group_with_notes?id=${group.id}`],
    ] as const) {
      const res = await api.request(method, url, body, { as: bob });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect((await api.request(method, url, body)).status, `${method} ${url} anonymous`).toBe(401);
    }
    // Bob cannot put his note into Alice's group, nor move Alice's note.
    const intoTheirs = await api.post('/notes', { ...quotes[1], noteGroupId: group.id }, { as: bob });
    expect(intoTheirs.status).toBe(404);
    const bobGroup = await createGroup(bob, 'Của Bob');
    expect((await api.put(`/note/${note.id}`, { noteGroupId: bobGroup.id }, { as: bob })).status).toBe(404);
    expect((await api.put(`/note/${note.id}`, { noteGroupId: bobGroup.id }, { as: alice })).status).toBe(404);
    // Unchanged.
    expect((await withNotes(alice, `id=${group.id}`)).notes.items.map((n) => n.id)).toEqual([note.id]);
    expect((await api.get('/moderation/queue')).status).toBe(401);
  });

  it('takes quotes typed by hand with their source, and refuses a missing source or a non-web link', async () => {
    const group = await createGroup(alice, 'Trích dẫn tự chép');
    const note = await addNote(alice, { ...quotes[3], body: 'Chép từ bài đọc.', noteGroupId: group.id });
    expect(note).toMatchObject({
      bookCode: null,
      anchor: null,
      content: quotes[3]!.content,
      sourceTitle: quotes[3]!.sourceTitle,
      sourceUrl: quotes[3]!.sourceUrl,
    });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ content: 'Không nguồn', color: 'red' }, /nguồn/],
      [{ content: 'Nguồn rỗng', color: 'red', sourceTitle: '  ' }, /nguồn/],
      [{ content: 'Liên kết xấu', color: 'red', sourceTitle: 'X', sourceUrl: 'javascript:alert(1)' }, /http/],
      [{ content: 'Thiếu chương', color: 'red', bookCode: sutra.code }, /sách, chương/],
      [{ content: '', color: 'red', sourceTitle: 'X' }, /[à-ỹ]/],
    ];
    for (const [body, expected] of cases) {
      const res = await api.post('/notes', body, { as: alice });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = ZErrorResponseSchema.parse(await res.json());
      expect(`${error.errorMessage} ${Object.values(error.fields ?? {}).join(' ')}`, JSON.stringify(body)).toMatch(
        expected,
      );
    }
    // A quote's own words and source may be edited; a highlight's words are the book's.
    const edited = await api.put(`/note/${note.id}`, { content: 'Zen là sống trọn từng giây.' }, { as: alice });
    expect(ZNote.parse(await edited.json()).data.content).toBe('Zen là sống trọn từng giây.');
    const book = await addNote(alice, highlight);
    expect((await api.put(`/note/${book.id}`, { content: 'Khác' }, { as: alice })).status).toBe(400);
    // Moving notes between groups, and out of any.
    const other = await createGroup(alice, 'Nhóm khác');
    await api.put(`/note/${book.id}`, { noteGroupId: other.id }, { as: alice });
    expect((await withNotes(alice, `id=${other.id}`)).notes.items.map((n) => n.id)).toEqual([book.id]);
    await api.put(`/note/${book.id}`, { noteGroupId: null }, { as: alice });
    expect((await withNotes(alice, `id=${other.id}`)).notes.total).toBe(0);
  });

  it('sorts (Vietnamese alphabet, dates, my own order), pages and searches inside a group', async () => {
    const group = await createGroup(alice, 'Để sắp xếp');
    const made = [];
    for (const quote of quotes) made.push(await addNote(alice, { ...quote, noteGroupId: group.id }));
    const contents = (page: { notes: { items: { content: string }[] } }) => page.notes.items.map((n) => n.content);

    const az = await withNotes(alice, `id=${group.id}&perPage=10`);
    // Default a-z by the Vietnamese alphabet: Ă after A-words, Đ after D; Z last.
    expect(contents(az)).toEqual([quotes[1]!.content, quotes[2]!.content, quotes[0]!.content, quotes[3]!.content]);
    expect(contents(await withNotes(alice, `id=${group.id}&sort=z-a`))).toEqual([...contents(az)].reverse());
    expect((await withNotes(alice, `id=${group.id}&sort=oldest`)).notes.items.map((n) => n.id)).toEqual(
      made.map((n) => n.id),
    );
    expect((await withNotes(alice, `id=${group.id}&sort=newest`)).notes.items.map((n) => n.id)).toEqual(
      made.map((n) => n.id).reverse(),
    );
    // My own order.
    const mine = [made[2]!.id, made[0]!.id, made[3]!.id, made[1]!.id];
    expect((await api.post('/order_notes', { ids: mine }, { as: alice })).status).toBe(200);
    expect((await withNotes(alice, `id=${group.id}&sort=custom`)).notes.items.map((n) => n.id)).toEqual(mine);
    // Pages of two.
    const second = await withNotes(alice, `id=${group.id}&perPage=2&page=2`);
    expect(second.notes).toMatchObject({ total: 4, page: 2, perPage: 2 });
    expect(contents(second)).toEqual(contents(az).slice(2));
    // Search inside, with or without diacritics, in the words, the note or the source.
    expect(contents(await withNotes(alice, `id=${group.id}&keywordSearch=chanh+niem`))).toEqual([quotes[1]!.content]);
    expect(contents(await withNotes(alice, `id=${group.id}&keywordSearch=${encodeURIComponent('Tục ngữ')}`))).toEqual([
      quotes[0]!.content,
    ]);
    expect((await withNotes(alice, `id=${group.id}&keywordSearch=khong+co+dau`)).notes.total).toBe(0);
    for (const bad of [
      `id=${group.id}&sort=random`,
      `id=${group.id}&page=0`,
      `id=${group.id}&perPage=101`,
      'id=abc',
      'id=',
      'sort=random',
      'perPage=0',
    ]) {
      const res = await api.get(`/note_group_with_notes?${bad}`, { as: alice });
      expect(res.status, bad).toBe(400);
      expect(await message(res)).toMatch(/[à-ỹ]/);
    }
  });

  it('lists my groups with their notes without an id (product spec §7): paged, sorted, searched; only mine', async () => {
    const carol = await registerReader(t);
    const listOf = async (token: string, query: string) => {
      const res = await api.get(`/note_group_with_notes?${query}`, { as: token });
      expect(res.status, query).toBe(200);
      return z.object({ data: ZNoteGroupsWithNotesPageSchema }).parse(await res.json()).data;
    };
    const names = (page: { items: { group: { name: string } }[] }) => page.items.map((i) => i.group.name);
    expect(await listOf(carol, '')).toEqual({ items: [], total: 0, page: 1, perPage: 10 });

    const dao = await createGroup(carol, 'Đạo đức', 'Lời dạy về giới');
    const an = await createGroup(carol, 'An lạc');
    const zen = await createGroup(carol, 'Zen');
    const first = await addNote(carol, { ...quotes[0], noteGroupId: dao.id });
    const second = await addNote(carol, { ...quotes[1], noteGroupId: dao.id });
    const third = await addNote(carol, { ...quotes[3], noteGroupId: zen.id });
    await addNote(carol, { ...quotes[2] }); // in no group: not listed
    await createGroup(bob, 'Của Bob');

    // a-z by default, by the Vietnamese alphabet (Đ after D, before Z); each group with its notes in my order.
    const all = await listOf(carol, '');
    expect(names(all)).toEqual(['An lạc', 'Đạo đức', 'Zen']);
    expect(all.total).toBe(3);
    expect(all.items.map((i) => i.notes.map((n) => n.id))).toEqual([[], [first.id, second.id], [third.id]]);
    expect(names(await listOf(carol, 'sort=z-a'))).toEqual(['Zen', 'Đạo đức', 'An lạc']);
    expect(names(await listOf(carol, 'sort=oldest'))).toEqual(['Đạo đức', 'An lạc', 'Zen']);
    expect(names(await listOf(carol, 'sort=newest'))).toEqual(['Zen', 'An lạc', 'Đạo đức']);
    // Pages.
    const second2 = await listOf(carol, 'perPage=2&page=2');
    expect(second2).toMatchObject({ total: 3, page: 2, perPage: 2 });
    expect(names(second2)).toEqual(['Zen']);
    // A group whose name or description matches comes with all its notes; else only the matching notes.
    const byName = await listOf(carol, `keywordSearch=${encodeURIComponent('dao duc')}`);
    expect(names(byName)).toEqual(['Đạo đức']);
    expect(byName.items[0]!.notes).toHaveLength(2);
    const byNote = await listOf(carol, 'keywordSearch=chanh+niem');
    expect(names(byNote)).toEqual(['Đạo đức']);
    expect(byNote.items[0]!.notes.map((n) => n.id)).toEqual([second.id]);
    expect((await listOf(carol, 'keywordSearch=khong+co+dau')).total).toBe(0);
    // Another reader's groups never show; anonymous readers get 401.
    expect(names(await listOf(bob, 'keywordSearch=Dao+duc'))).toEqual([]);
    const anonymous = await api.get('/note_group_with_notes');
    expect(anonymous.status).toBe(401);
    expect(await message(anonymous)).toMatch(/[à-ỹ]/);
    expect(an.id).toBeGreaterThan(0);
  });

  it('exports a group as a real PDF whose text reads back exactly, with colours and sources', async () => {
    const group = await createGroup(alice, 'Những lời kinh đã đọc', 'Gom các đoạn kinh — để đọc lại.');
    await addNote(alice, { ...highlight, body: 'Đoạn mở đầu: “Tôi nghe như vầy”.', noteGroupId: group.id });
    for (const quote of quotes.slice(0, 2)) await addNote(alice, { ...quote, noteGroupId: group.id });
    const res = await api.get(`/note_group/${group.id}/pdf`, { as: alice });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="nhung-loi-kinh-da-doc\.pdf"/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-'));
    const file = path.join(dir, 'group.pdf');
    fs.writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
    const info = execFileSync('pdfinfo', [file]).toString('utf8');
    fs.rmSync(dir, { recursive: true, force: true });
    const flat = text.normalize('NFC').replace(/\s+/g, ' ');
    for (const expected of [
      'Những lời kinh đã đọc',
      'Gom các đoạn kinh — để đọc lại.',
      highlight.content,
      'Ghi chú: Đoạn mở đầu: “Tôi nghe như vầy”.',
      `Màu: Vàng · Nguồn: ${sutra.title}`,
      quotes[0]!.content,
      `Màu: Đỏ · Nguồn: ${quotes[0]!.sourceTitle}`,
      quotes[1]!.content,
      `Màu: Xanh · Nguồn: ${quotes[1]!.sourceTitle}`,
      '3 ghi chú',
      'trang 1/1',
    ]) {
      expect(flat, expected).toContain(expected);
    }
    // The passages come in the reader's order, the font is embedded, the title is the document's.
    expect(flat.indexOf(highlight.content)).toBeLessThan(flat.indexOf(quotes[0]!.content));
    expect(info).toMatch(/Title:\s+Những lời kinh đã đọc/);
    expect(bytes.includes(Buffer.from('NotoSerif'))).toBe(true);
    // The chapter is linked, at the passage.
    expect(bytes.includes(Buffer.from(`/${sutra.chapters[0]!.code}/${sutra.code}#p-1`))).toBe(true);
  });

  it('publishes through moderation: pending, approved, featured; editing sends it back; every step recorded', async () => {
    const empty = await createGroup(alice, 'Chưa có gì');
    const refused = await api.put(`/note_group/${empty.id}`, { isPublic: true }, { as: alice });
    expect(refused.status).toBe(400);
    expect(await message(refused)).toMatch(/ít nhất một ghi chú/);

    const group = await createGroup(alice, 'Lời hay ý đẹp');
    const note = await addNote(alice, { ...quotes[2], noteGroupId: group.id });
    const published = ZGroup.parse(
      await (await api.put(`/note_group/${group.id}`, { isPublic: true }, { as: alice })).json(),
    );
    expect(published.data).toMatchObject({ isPublic: true, moderationState: 'pending' });
    // Nobody reads it yet, not even through the public calls.
    expect((await api.post('/public/note_group', { id: group.id })).status).toBe(404);
    const before = ZPublicNoteGroupsPageSchema.parse((await (await api.post('/public/note_groups')).json()).data);
    expect(before.items.map((g) => g.id)).not.toContain(group.id);

    // Readers may not moderate.
    for (const token of [alice, bob]) {
      expect((await api.get('/moderation/queue', { as: token })).status).toBe(403);
      const res = await api.post(`/moderation/note_group/${group.id}`, { decision: 'approve' }, { as: token });
      expect(res.status).toBe(403);
      expect(await message(res)).toMatch(/kiểm duyệt/);
      expect((await api.post(`/moderation/note_group/${group.id}/feature`, undefined, { as: token })).status).toBe(403);
    }
    const queue = ZModerationQueueSchema.parse(
      (await (await api.get('/moderation/queue', { as: moderator })).json()).data,
    );
    const item = queue.items.find((i) => i.group.id === group.id);
    expect(item?.notes.map((n) => n.content)).toEqual([quotes[2]!.content]);
    expect(item?.history.map((h) => h.action)).toEqual(['submit']);

    // A rejection needs a reason; an unknown decision is refused.
    for (const body of [{ decision: 'reject' }, { decision: 'reject', reason: '  ' }, { decision: 'maybe' }]) {
      expect(
        (await api.post(`/moderation/note_group/${group.id}`, body, { as: moderator })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    // Only approved groups can be featured.
    expect((await api.post(`/moderation/note_group/${group.id}/feature`, undefined, { as: moderator })).status).toBe(
      400,
    );
    const approve = await api.post(`/moderation/note_group/${group.id}`, { decision: 'approve' }, { as: moderator });
    expect(approve.status).toBe(200);
    // Deciding twice: it is no longer pending.
    expect(
      (await api.post(`/moderation/note_group/${group.id}`, { decision: 'approve' }, { as: moderator })).status,
    ).toBe(400);
    expect((await api.post('/moderation/note_group/999999', { decision: 'approve' }, { as: moderator })).status).toBe(
      404,
    );

    const detail = ZPublicNoteGroupDetailSchema.parse(
      (await (await api.post('/public/note_group', { id: group.id })).json()).data,
    );
    expect(detail.group).toMatchObject({ name: 'Lời hay ý đẹp', noteCount: 1, featured: false });
    expect(detail.notes.map((n) => n.content)).toEqual([quotes[2]!.content]);
    const pageOne = ZPublicNoteGroupsPageSchema.parse((await (await api.post('/public/note_groups', {})).json()).data);
    expect(pageOne).toMatchObject({ page: 1, perPage: 10 });
    expect(pageOne.items[0]!.id).toBe(group.id);
    expect((await api.post('/public/note_groups', { perPage: 101 })).status).toBe(400);

    const featured = await api.post(
      `/moderation/note_group/${group.id}/feature`,
      { featured: true },
      { as: moderator },
    );
    expect(featured.status).toBe(200);
    const featuredList = ZPublicNoteGroupsPageSchema.parse(
      (await (await api.post('/public/featured_note_groups')).json()).data,
    );
    expect(featuredList.items.map((g) => g.id)).toEqual([group.id]);

    // Editing the content of an approved group sends it back to the queue.
    await api.put(`/note/${note.id}`, { body: 'Thêm một dòng ghi chú.' }, { as: alice });
    const afterEdit = ZGroup.parse(await (await api.get(`/note_group/${group.id}`, { as: alice })).json()).data;
    expect(afterEdit.moderationState).toBe('pending');
    expect((await api.post('/public/note_group', { id: group.id })).status).toBe(404);

    // Rejected with a reason: the owner sees it.
    await api.post(
      `/moderation/note_group/${group.id}`,
      { decision: 'reject', reason: 'Thiếu nguồn rõ ràng.' },
      { as: moderator },
    );
    const rejected = ZGroup.parse(await (await api.get(`/note_group/${group.id}`, { as: alice })).json()).data;
    expect(rejected).toMatchObject({ moderationState: 'rejected', moderationReason: 'Thiếu nguồn rõ ràng.' });
    const history = z
      .object({ data: z.array(ZModerationEventSchema) })
      .parse(await (await api.get(`/note_group/${group.id}/history`, { as: alice })).json()).data;
    expect(history.map((h) => h.action)).toEqual(['submit', 'approve', 'feature', 'resubmit', 'reject']);
    const modName = (await t.services.auth.authenticate(moderator))!.displayName;
    expect(history.find((h) => h.action === 'reject')).toMatchObject({
      reason: 'Thiếu nguồn rõ ràng.',
      actorName: modName,
    });
    // Publishing again after a rejection puts it back in the queue; withdrawing makes it private.
    const again = ZGroup.parse(
      await (await api.put(`/note_group/${group.id}`, { isPublic: true }, { as: alice })).json(),
    ).data;
    expect(again.moderationState).toBe('pending');
    const privateAgain = ZGroup.parse(
      await (await api.put(`/note_group/${group.id}`, { isPublic: false }, { as: alice })).json(),
    ).data;
    expect(privateAgain).toMatchObject({ isPublic: false, moderationState: 'none', featured: false });
  });

  it('returns stored HTML and script as plain text, never as markup', async () => {
    const group = await createGroup(alice, '<img src=x onerror=alert(1)>Nhóm');
    const hostile = '<script>alert("xss")</script><b onclick="steal()">Lời</b>';
    await addNote(alice, {
      content: hostile,
      sourceTitle: '<a href="javascript:alert(1)">Nguồn</a>',
      color: 'red',
      noteGroupId: group.id,
    });
    const res = await api.get(`/note_group_with_notes?id=${group.id}`, { as: alice });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const data = z.object({ data: ZNoteGroupWithNotesSchema }).parse(await res.json()).data;
    // Exactly as typed: a JSON string the pages render as text (React escapes it), not HTML.
    expect(data.group.name).toBe('<img src=x onerror=alert(1)>Nhóm');
    expect(data.notes.items[0]!.content).toBe(hostile);
    expect(data.notes.items[0]!.sourceUrl).toBeNull();
  });
});
