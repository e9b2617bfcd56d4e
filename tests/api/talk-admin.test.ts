import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAuditPageSchema } from '#common/contracts/admin.schema.ts';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import {
  ZAdminCollectionResponseSchema,
  ZAdminCollectionsResponseSchema,
  ZAdminTalkResponseSchema,
} from '#common/contracts/talk-admin.schema.ts';
import { scanMp3 } from '#server/media/mp3-frames.ts';
import { MP3_FRAME_SECONDS, makeSilentMp3 } from '../factories/import-files.ts';
import { apiClient } from '../support/api-client.ts';
import { multipartForm, type FilePart } from '../support/multipart.ts';
import { availableEngines } from '../support/databases.ts';
import { broadSearchText, mediaAdminApp, mediaFiles } from '../support/media-admin.ts';
import type { TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

describe.each(engines)('talks administration API on %s', (engine) => {
  let t: TestApp, admin: string, reader: string;
  beforeAll(async () => ({ t, admin, reader } = await mediaAdminApp(engine)));
  afterAll(() => t.close());

  const api = apiClient(() => t);

  const talkForm = (
    fields: Record<string, string>,
    file?: [string, Uint8Array | string],
    transcript?: [string, string],
  ) => {
    const files: FilePart[] = [];
    if (file) files.push(['file', file[0], file[1], 'audio/mpeg']);
    if (transcript) files.push(['transcript', transcript[0], transcript[1]]);
    return multipartForm(fields, files);
  };
  const createCollection = async (title: string, status = 'draft') => {
    const res = await api.post('/admin/collections', { title, status }, { as: admin });
    expect(res.status).toBe(201);
    return ZAdminCollectionResponseSchema.parse(await res.json()).data;
  };
  const errorOf = async (res: Response) => ZErrorResponseSchema.parse(await res.json());
  const search = (query: string) => broadSearchText(t, query);

  it('refuses anonymous callers (401) and readers (403) on every call, and changes nothing', async () => {
    const collection = await createCollection('Tuyển tập khoá cửa');
    const calls: [string, string, unknown?][] = [
      ['GET', '/admin/collections'],
      ['POST', '/admin/collections', { title: 'Không được' }],
      ['PUT', '/admin/collections/order', { ids: [collection.id] }],
      ['GET', `/admin/collection/${collection.id}`],
      ['PUT', `/admin/collection/${collection.id}`, { title: 'Không được' }],
      ['PUT', `/admin/collection/${collection.id}/order`, { ids: [1] }],
      ['POST', '/admin/talks', talkForm({ collectionId: String(collection.id) }, ['a.mp3', makeSilentMp3(10)])],
      ['GET', '/admin/talk/1'],
      ['PUT', '/admin/talk/1', { title: 'Không được' }],
      ['DELETE', '/admin/talk/1'],
      ['PUT', '/admin/talk/1/transcript', talkForm({}, undefined, ['a.vtt', 'WEBVTT\n\n00:00.000 --> 00:01.000\nA\n'])],
    ];
    const before = mediaFiles(t.mediaDir);
    for (const [token, status] of [
      [null, 401],
      [reader, 403],
    ] as const) {
      for (const [method, url, body] of calls) {
        const res = await api.request(method, url, body, { as: token });
        expect(res.status, `${method} ${url} as ${token ? 'reader' : 'anonymous'}`).toBe(status);
        expect((await errorOf(res)).errorMessage).toMatch(/[à-ỹ]/);
      }
    }
    expect(mediaFiles(t.mediaDir)).toEqual(before);
    const collections = ZAdminCollectionsResponseSchema.parse(
      await (await api.get('/admin/collections', { as: admin })).json(),
    );
    expect(collections.data.items.map((c) => c.title)).toEqual(['Tuyển tập khoá cửa']);
  });

  it('refuses bad input with 400 and a Vietnamese reason', async () => {
    const collection = await createCollection('Tuyển tập kiểm tra');
    for (const [method, url, body] of [
      ['POST', '/admin/collections', { title: '   ' }],
      ['POST', '/admin/collections', { title: 'A', status: 'pending' }],
      ['PUT', `/admin/collection/${collection.id}`, {}],
      ['PUT', '/admin/collections/order', { ids: [collection.id] }], // not every collection
      ['PUT', `/admin/collection/${collection.id}/order`, { ids: [1, 1] }],
      ['PUT', '/admin/talk/abc', { title: 'x' }],
    ] as const) {
      const res = await api.request(method, url, body, { as: admin });
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect((await errorOf(res)).errorMessage).toMatch(/[à-ỹ]/);
    }
    const notMultipart = await api.post('/admin/talks', { collectionId: collection.id }, { as: admin });
    expect(notMultipart.status).toBe(400);
    expect((await errorOf(notMultipart)).errorMessage).toContain('multipart/form-data');
    const noCollection = await api.post('/admin/talks', talkForm({}, ['a.mp3', makeSilentMp3(20)]), { as: admin });
    expect(noCollection.status).toBe(400);
    expect((await errorOf(noCollection)).fields?.collectionId).toBeTruthy();
    const noFile = await api.post('/admin/talks', talkForm({ collectionId: String(collection.id) }), { as: admin });
    expect(noFile.status).toBe(400);
    expect((await errorOf(noFile)).errorMessage).toBe('Hãy chọn tệp MP3 của bài giảng.');
    expect((await api.get('/admin/talk/999999', { as: admin })).status).toBe(404);
    expect(mediaFiles(t.mediaDir)).toEqual([]);
  });

  it('refuses an upload past UPLOAD_MAX_MB with 413 while it streams, leaving no file behind', async () => {
    const collection = await createCollection('Tuyển tập quá lớn');
    const big = makeSilentMp3(Math.ceil((1.2 * 1024 * 1024) / 417));
    // Announced size past the limit: refused before reading.
    const announced = await api.post(
      '/admin/talks',
      talkForm({ collectionId: String(collection.id) }, ['lon.mp3', big]),
      { as: admin },
    );
    expect(announced.status).toBe(413);
    expect((await errorOf(announced)).errorMessage).toBe('Tệp tải lên quá lớn (tối đa 1 MB mỗi lần).');
    // No Content-Length (a chunked body): counted as it streams, stopped at the limit.
    const encoded = new Response(talkForm({ collectionId: String(collection.id) }, ['lon.mp3', big]));
    const chunked = await t.app.request('/api/v1/admin/talks', {
      method: 'POST',
      headers: { 'x-token': admin, 'content-type': encoded.headers.get('content-type')! },
      body: encoded.body,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await errorOf(chunked)).errorCode).toBe('PAYLOAD_TOO_LARGE');
    expect(mediaFiles(t.mediaDir)).toEqual([]);
  });

  it('refuses a 0-byte, truncated or foreign MP3 with the reason, storing nothing', async () => {
    const collection = await createCollection('Tuyển tập hỏng');
    const truncated = makeSilentMp3(40).subarray(0, 40 * 417 - 100);
    for (const [name, bytes, reason] of [
      ['rong.mp3', new Uint8Array(0), 'Tệp MP3 rỗng (0 byte).'],
      ['cut.mp3', truncated, 'Tệp MP3 hỏng hoặc bị cắt cụt (khung âm thanh cuối không trọn vẹn).'],
      ['gia.mp3', Buffer.from('<html>không phải âm thanh</html>'), 'Tệp này không phải âm thanh MP3.'],
    ] as const) {
      const res = await api.post('/admin/talks', talkForm({ collectionId: String(collection.id) }, [name, bytes]), {
        as: admin,
      });
      expect(res.status, name).toBe(400);
      expect((await errorOf(res)).errorMessage).toBe(reason);
    }
    const badTranscript = await api.post(
      '/admin/talks',
      talkForm(
        { collectionId: String(collection.id) },
        ['tot.mp3', makeSilentMp3(30)],
        ['loi.srt', 'không có dòng thời gian'],
      ),
      { as: admin },
    );
    expect(badTranscript.status).toBe(400);
    expect((await errorOf(badTranscript)).errorMessage).toBe('Tệp lời (.vtt/.srt) không có dòng nào đọc được.');
    expect(mediaFiles(t.mediaDir)).toEqual([]);
    const detail = ZAdminCollectionResponseSchema.parse(
      await (await api.get(`/admin/collection/${collection.id}`, { as: admin })).json(),
    );
    expect(detail.data.talks).toEqual([]);
  });

  it('uploads a talk with an SRT transcript: duration from the file, WebVTT stored, playable with Range, searchable once published, logged', async () => {
    const collection = await createCollection('Pháp thoại mùa an cư', 'published');
    const frames = 400;
    const res = await api.post(
      '/admin/talks',
      talkForm(
        { collectionId: String(collection.id), title: 'Buổi một: hơi thở chánh niệm', speaker: 'Thầy Minh Tâm' },
        ['buoi-mot.mp3', makeSilentMp3(frames)],
        [
          'buoi-mot.srt',
          '1\n00:00:01,500 --> 00:00:04,000\nThở vào, tôi biết tôi đang thở vào.\n\n2\n00:00:05,000 --> 00:00:08,000\nThở ra, tôi mỉm cười.\n',
        ],
      ),
      { as: admin },
    );
    expect(res.status).toBe(201);
    const talk = ZAdminTalkResponseSchema.parse(await res.json()).data;
    expect(talk).toMatchObject({
      title: 'Buổi một: hơi thở chánh niệm',
      speaker: 'Thầy Minh Tâm',
      status: 'draft',
      collectionId: collection.id,
      sizeBytes: frames * 417,
      duration: Math.round(frames * MP3_FRAME_SECONDS),
    });
    expect(talk.fileName).toMatch(/^phap-am\/[0-9a-f-]+\.mp3$/);
    // The transcript is stored as WebVTT.
    const vtt = fs.readFileSync(path.join(t.mediaDir, talk.transcriptUrl!.slice('/media/'.length)), 'utf8');
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    expect(vtt).toContain('00:00:01.500 --> 00:00:04.000');
    expect(vtt).toContain('Thở vào, tôi biết tôi đang thở vào.');
    // Playable at /media/{file} with HTTP Range.
    const partial = await t.app.request(talk.url, { headers: { range: 'bytes=0-99' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe(`bytes 0-99/${frames * 417}`);
    expect((await partial.arrayBuffer()).byteLength).toBe(100);

    // A draft is invisible to readers and to search.
    const publicCollection = await t.app.request(`/api/v1/public/audio_collection/${collection.id}`);
    expect(JSON.stringify(await publicCollection.json())).not.toContain('Buổi một');
    expect(await search('mỉm cười')).not.toContain('Buổi một');
    expect(await search('hơi thở chánh niệm')).not.toContain('Buổi một');

    const published = await api.put(`/admin/talk/${talk.id}`, { status: 'published' }, { as: admin });
    expect(published.status).toBe(200);
    expect(await search('hơi thở chánh niệm')).toContain('Buổi một');
    expect(await search('tôi mỉm cười')).toContain('mỉm cười');

    // Unpublishing the collection takes its talks out of search too.
    await api.put(`/admin/collection/${collection.id}`, { status: 'draft' }, { as: admin });
    expect(await search('hơi thở chánh niệm')).not.toContain('Buổi một');
    await api.put(`/admin/collection/${collection.id}`, { status: 'published' }, { as: admin });
    expect(await search('tôi mỉm cười')).toContain('mỉm cười');

    const log = ZAuditPageSchema.parse(
      ((await (await api.get('/admin/audit?itemType=talk', { as: admin })).json()) as { data: unknown }).data,
    );
    expect(log.items.map((i) => [i.action, i.itemLabel])).toEqual(
      expect.arrayContaining([
        ['upload', 'Buổi một: hơi thở chánh niệm'],
        ['publish', 'Buổi một: hơi thở chánh niệm'],
      ]),
    );
    expect(log.items.find((i) => i.action === 'upload')!.detail).toContain('buoi-mot.mp3');
  });

  it('cuts a clip of an uploaded talk (stored under phap-am/): 200, audio/mpeg, whole frames', async () => {
    const collection = await createCollection('Tuyển tập đoạn trích', 'published');
    const frames = 800;
    const res = await api.post(
      '/admin/talks',
      talkForm({ collectionId: String(collection.id), title: 'Bài có đoạn trích', status: 'published' }, [
        'doan-trich.mp3',
        makeSilentMp3(frames),
      ]),
      { as: admin },
    );
    expect(res.status).toBe(201);
    const talk = ZAdminTalkResponseSchema.parse(await res.json()).data;
    expect(talk.fileName).toContain('/');
    const clipOf = (fileName: string, start: number, end: number) =>
      t.app.request(
        `/api/v1/public/audio/split/?${new URLSearchParams({ fileName, start: String(start), end: String(end) })}`,
      );
    const clip = await clipOf(talk.fileName, 2, 7.5);
    expect(clip.status).toBe(200);
    expect(clip.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = new Uint8Array(await clip.arrayBuffer());
    const scanned = scanMp3(bytes);
    expect(scanned).not.toBeNull();
    expect(Math.abs(scanned!.duration - 5.5)).toBeLessThanOrEqual(MP3_FRAME_SECONDS);
    // Folders are allowed, but only safe relative ones, and only a published talk's file.
    for (const bad of [
      `../${talk.fileName}`,
      `/${talk.fileName}`,
      talk.fileName.replace('/', '\\'),
      `phap-am/../x.mp3`,
    ]) {
      const refused = await clipOf(bad, 0, 5);
      expect(refused.status, bad).toBe(400);
      expect((await errorOf(refused)).fields?.fileName, bad).toMatch(/Tên tệp/);
    }
    const unknown = await clipOf('phap-am/khong-co.mp3', 0, 5);
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).fields?.fileName).toMatch(/Không có bài pháp âm/);
    await api.put(`/admin/talk/${talk.id}`, { status: 'draft' }, { as: admin });
    expect((await clipOf(talk.fileName, 2, 7.5)).status).toBe(400);
  });

  it('keeps one file per field: a second MP3 under the same field is drained, not stored', async () => {
    const collection = await createCollection('Tuyển tập hai tệp');
    const before = mediaFiles(t.mediaDir);
    const form = talkForm({ collectionId: String(collection.id), title: 'Hai tệp một lần' }, [
      'mot.mp3',
      makeSilentMp3(30),
    ]);
    form.append('file', new File([makeSilentMp3(60) as BlobPart], 'hai.mp3'));
    const res = await api.post('/admin/talks', form, { as: admin });
    expect(res.status).toBe(201);
    const talk = ZAdminTalkResponseSchema.parse(await res.json()).data;
    expect(talk.sizeBytes).toBe(30 * 417);
    expect(mediaFiles(t.mediaDir).filter((f) => !before.includes(f))).toEqual([talk.fileName]);
    await api.delete(`/admin/talk/${talk.id}`, { as: admin });
    expect(mediaFiles(t.mediaDir)).toEqual(before);
  });

  it('edits, moves, orders, replaces the transcript and deletes a talk (files and passages gone)', async () => {
    const first = await createCollection('Tuyển tập thứ nhất', 'published');
    const second = await createCollection('Tuyển tập thứ hai', 'published');
    const upload = async (title: string) => {
      const res = await api.post(
        '/admin/talks',
        talkForm({ collectionId: String(first.id), title, status: 'published' }, ['x.mp3', makeSilentMp3(50)]),
        { as: admin },
      );
      expect(res.status).toBe(201);
      return ZAdminTalkResponseSchema.parse(await res.json()).data;
    };
    const a = await upload('Bài giảng về lòng từ');
    const b = await upload('Bài giảng về tâm bi');
    const ordered = await api.put(`/admin/collection/${first.id}/order`, { ids: [b.id, a.id] }, { as: admin });
    expect(ZAdminCollectionResponseSchema.parse(await ordered.json()).data.talks.map((x) => x.id)).toEqual([
      b.id,
      a.id,
    ]);

    const all = ZAdminCollectionsResponseSchema.parse(
      await (await api.get('/admin/collections', { as: admin })).json(),
    );
    const reversed = all.data.items.map((c) => c.id).reverse();
    const reorder = await api.put('/admin/collections/order', { ids: reversed }, { as: admin });
    expect(ZAdminCollectionsResponseSchema.parse(await reorder.json()).data.items.map((c) => c.id)).toEqual(reversed);

    const moved = await api.put(
      `/admin/talk/${a.id}`,
      { title: 'Lòng từ trong đời sống', speaker: 'Sư cô Diệu Hạnh', collectionId: second.id },
      { as: admin },
    );
    expect(ZAdminTalkResponseSchema.parse(await moved.json()).data).toMatchObject({
      title: 'Lòng từ trong đời sống',
      speaker: 'Sư cô Diệu Hạnh',
      collectionId: second.id,
    });
    expect(await search('lòng từ trong đời sống')).toContain('Lòng từ trong đời sống');

    const form = new FormData();
    form.append('transcript', new File(['WEBVTT\n\n00:00.000 --> 00:01.000\nBuông xả mọi lo âu.\n'], 'moi.vtt'));
    const replaced = ZAdminTalkResponseSchema.parse(
      await (await api.put(`/admin/talk/${a.id}/transcript`, form, { as: admin })).json(),
    ).data;
    expect(replaced.transcriptUrl).toMatch(/\.vtt$/);
    expect(await search('buông xả mọi lo âu')).toContain('Buông xả');

    const files = mediaFiles(t.mediaDir);
    expect(files).toContain(replaced.fileName);
    const deleted = await api.delete(`/admin/talk/${a.id}`, { as: admin });
    expect(deleted.status).toBe(200);
    expect(mediaFiles(t.mediaDir)).not.toContain(replaced.fileName);
    expect(mediaFiles(t.mediaDir)).not.toContain(replaced.transcriptUrl!.slice('/media/'.length));
    expect((await t.app.request(replaced.url)).status).toBe(404);
    expect(await search('buông xả mọi lo âu')).not.toContain('Buông xả');
    expect(await search('lòng từ trong đời sống')).not.toContain('Lòng từ trong đời sống');
    expect((await api.get(`/admin/talk/${a.id}`, { as: admin })).status).toBe(404);
    const log = ZAuditPageSchema.parse(
      ((await (await api.get('/admin/audit', { as: admin })).json()) as { data: unknown }).data,
    );
    expect(log.items[0]).toMatchObject({ action: 'delete', itemType: 'talk', itemLabel: 'Lòng từ trong đời sống' });
  });
});
