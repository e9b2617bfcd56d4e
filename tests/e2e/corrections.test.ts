import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { rawRequest } from './support/raw-http.ts';
import { adminToken, loginAs } from './support/session.ts';
import {
  bookForThisFile,
  importedBookForThisFile,
  talkCollectionForThisFile,
  videoForThisFile,
} from './support/site-books.ts';
import { longChapterMarkdown } from '../factories/site.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
/**
 * A book of this file's own, imported (a correction changes an imported chapter's HTML): the
 * first test changes its chapter's first paragraph.
 */
const book = importedBookForThisFile({
  title: 'Sách thử sửa lỗi',
  chapters: [{ title: 'Chương một', markdown: longChapterMarkdown(3) }],
});
/**
 * A book of this file's own written in the admin's Markdown editor, its first paragraph formatted:
 * a correction accepted changes its Markdown and keeps the emphasis, strong text and link
 * (decision 0054).
 */
const markdownBook = bookForThisFile({
  title: 'Sách thử sửa lỗi bản Markdown',
  chapters: [
    {
      title: 'Chương soạn bằng Markdown',
      markdown:
        'Đức *Phật* dạy rằng **tâm** là [gốc](/sach) của muôn pháp, nên người học đạo trước hết giữ gìn tâm ý.\n\n' +
        'Đoạn thứ hai của chương, để trang có thêm chữ mà đọc.',
    },
  ],
});
/**
 * Two talks of this file's own with a transcript uploaded as SRT (stored as WebVTT): the pencil
 * test changes the first talk's line 3, the list of a reader's corrections uses the second.
 */
const collection = talkCollectionForThisFile({
  title: 'Tuyển tập thử sửa lời',
  talks: ['Bài thử Lời dạy buổi sáng', 'Bài thử Lời dạy buổi tối'],
  transcript: {
    format: 'srt',
    lines: [
      'Kính thưa đại chúng.',
      'Hôm nay chúng ta nói về lòng biết ơn.',
      'Biết ơn cha mẹ đã sinh thành và nuôi dưỡng.',
      'Biết ơn thầy tổ đã chỉ dạy con đường.',
      'Biết ơn người đã cho ta bát cơm manh áo.',
    ],
  },
});

/** Selects the first characters of paragraph p-N, as a reader's drag would. */
async function selectStart(page: Page, paragraph: string, length: number) {
  await page.evaluate(
    ({ paragraph, length }) => {
      const text = document.querySelector(`[data-testid="chapter-text"] p#${paragraph}`)!.firstChild!;
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, length);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    },
    { paragraph, length },
  );
}

const paragraphText = (page: Page, id: string) =>
  page.locator(`[data-testid="chapter-text"] p#${id}`).first().innerText();

const HEIGHTS = { 320: 740, 390: 844, 1366: 900 } as const;
const viewport = (width: keyof typeof HEIGHTS) => ({ width, height: HEIGHTS[width] });

/** A call to the API as `token` (a moderator deciding, a reader reading theirs), its status and JSON. */
async function api<T = { data: Record<string, unknown> }>(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${baseURL}/api/v1${path}`, {
    method,
    headers: { 'x-token': token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}
/** A video of this file's own with six lines of subtitles: the last test changes line 5. */
const video = videoForThisFile({
  title: 'Video thử sửa phụ đề',
  transcript: {
    lines: [
      'Xin chào các bạn.',
      'Hôm nay chúng ta cùng học cách ngồi thiền.',
      'Trước hết, chọn một chỗ yên tĩnh.',
      'Ngồi xuống, lưng thẳng mà không cứng.',
      'Đặt hai tay nhẹ nhàng lên đùi.',
      'Nhắm mắt lại và thở thật chậm.',
    ],
  },
});

/** In the open dialog: the text as shown, under `label`; rewritten, it fits the page, is sent and thanked. */
async function sendProposal(
  page: Page,
  dialog: Locator,
  proposal: { label: string; original: string; proposed: string; note?: string; shot: string },
) {
  const text = dialog.getByLabel(proposal.label);
  expect(await text.inputValue()).toBe(proposal.original);
  // Unchanged, it cannot be sent.
  expect(await dialog.getByRole('button', { name: 'Gửi đề xuất' }).isDisabled()).toBe(true);
  await text.fill(proposal.proposed);
  if (proposal.note) await dialog.getByLabel('Ghi chú cho người kiểm duyệt (không bắt buộc)').fill(proposal.note);
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await screenshot(page, proposal.shot, { fullPage: false });
  await dialog.getByRole('button', { name: 'Gửi đề xuất' }).click();
  await page.getByText('Đã gửi đề xuất sửa. Cảm ơn bạn!').waitFor();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * "Báo lỗi / Đề xuất sửa" in the browser (decision 0031): a logged-in reader
 * rewrites a paragraph from the selection tools; a moderator sees the diff in the moderation page
 * and accepts it; the chapter shows the new text and thanks the reader; search finds it.
 */
describe('readers’ corrections', () => {
  let browser: Browser;
  let moderator: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    moderator = await adminToken(baseURL, dataDir, 'kiemduyetsua', 'mat-khau-kiem-duyet-sua');
  });
  afterAll(async () => {
    await browser.close();
  });

  /** A new reader logged in, in a browser of `width` px; their name is what a credit shows. */
  async function readerAt(width: keyof typeof HEIGHTS) {
    const context = await browser.newContext({ viewport: viewport(width) });
    const { token } = await loginAs(context, baseURL);
    const me = await api<{ data: { displayName: string } }>('GET', '/me', token);
    return { context, token, displayName: me.json.data.displayName };
  }

  /** The moderator's page in a browser of `width` px, on the moderation queue. */
  async function moderationAt(width: keyof typeof HEIGHTS) {
    const context = await browser.newContext({ viewport: viewport(width) });
    await context.addCookies([{ name: 'pb_token', value: moderator, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/quan-tri/kiem-duyet`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    return { context, page, errors };
  }

  /** At 1366 px anyone sees line `index` of the transcript at `address` as proposed, the reader thanked, no pencil. */
  async function expectLineCorrected(address: string, index: number, proposed: string, thanked: string, shot: string) {
    const anon = await browser.newPage({ viewport: viewport(1366) });
    await anon.goto(address, { waitUntil: 'networkidle' });
    expect(await anon.getByTestId('transcript').locator('li').nth(index).locator('.talk-cue-text').innerText()).toBe(
      proposed,
    );
    expect(await anon.getByTestId('correction-credit').innerText()).toContain(thanked);
    expect(await anon.getByRole('button', { name: /^Sửa lỗi dòng/ }).count()).toBe(0);
    expect(await anon.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    await screenshot(anon, shot, { fullPage: false });
    return anon;
  }

  it('a reader proposes a correction; a moderator accepts it from the diff; the chapter, search and the log follow', async () => {
    const word = `chusua${crypto.randomBytes(3).toString('hex')}`;
    // The reader, at 390 px.
    const { context, displayName } = await readerAt(390);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}${book.firstChapterPath}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const original = await paragraphText(page, 'p-1');
    await selectStart(page, 'p-1', 6);
    await page.getByTestId('suggest-correction').click();
    const dialog = page.getByRole('dialog', { name: 'Báo lỗi, đề xuất sửa đoạn này' });
    await dialog.waitFor();
    const proposed = `${original} ${word}`;
    await sendProposal(page, dialog, {
      label: 'Đoạn văn như bạn đề nghị',
      original,
      proposed,
      note: 'Theo bản in của chùa',
      shot: 'correction-dialog-390',
    });
    // Nothing changes before a moderator decides.
    expect(await paragraphText(page, 'p-1')).toBe(original);
    expect(errors).toEqual([]);
    await context.close();

    // The moderator, at 320 px: the diff shows the word put in; refusing needs a reason; accepting applies it.
    const { context: modContext, page: modPage, errors: modErrors } = await moderationAt(320);
    const item = modPage.getByTestId('correction-item').filter({ hasText: word });
    await item.waitFor();
    expect(await item.locator('ins').allInnerTexts()).toEqual([word]);
    expect(await item.locator('del').count()).toBe(0);
    expect(await item.innerText()).toContain(displayName);
    expect(await item.innerText()).toContain('Theo bản in của chùa');
    expect(await modPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(modPage, 'correction-review-320', { fullPage: false });
    await item.getByRole('button', { name: 'Từ chối' }).click();
    await item.getByRole('alert').filter({ hasText: 'Hãy ghi lý do từ chối' }).waitFor();
    await item.getByRole('button', { name: 'Nhận và sửa' }).click();
    await item.waitFor({ state: 'detached' });
    // The one failed request is the refusal without a reason (400), which the browser logs.
    expect(modErrors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);

    // Anyone now reads the new text with the reader thanked, and search finds the new word.
    const anon = await browser.newPage({ viewport: viewport(1366) });
    await anon.goto(`${baseURL}${book.firstChapterPath}`, { waitUntil: 'networkidle' });
    expect(await paragraphText(anon, 'p-1')).toBe(proposed);
    expect(await anon.getByTestId('correction-credit').innerText()).toContain(displayName);
    await anon.goto(`${baseURL}/search?query=${word}`, { waitUntil: 'networkidle' });
    expect(await anon.locator(`a[href*="${book.code}"]`).count()).toBeGreaterThan(0);
    await anon.close();

    // The audit log names the moderator's acceptance and the reader.
    await modPage.goto(`${baseURL}/quan-tri/nhat-ky`, { waitUntil: 'networkidle' });
    const entry = modPage.locator('li', { hasText: 'nhận đề xuất sửa' }).first();
    expect(await entry.innerText()).toContain(displayName);
    await modContext.close();
  });

  it('a chapter written in Markdown: accepted, the paragraph reads as proposed with its emphasis, strong text and link', async () => {
    const word = `chusuamd${crypto.randomBytes(3).toString('hex')}`;
    const { context } = await readerAt(390);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}${markdownBook.firstChapterPath}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const original = await paragraphText(page, 'p-1');
    expect(original).toBe('Đức Phật dạy rằng tâm là gốc của muôn pháp, nên người học đạo trước hết giữ gìn tâm ý.');
    await selectStart(page, 'p-1', 3);
    await page.getByTestId('suggest-correction').click();
    const dialog = page.getByRole('dialog', { name: 'Báo lỗi, đề xuất sửa đoạn này' });
    await dialog.waitFor();
    const proposed = original.replace('là gốc', `là ${word} gốc`).replace('trước hết giữ', 'trước hết phải giữ');
    await sendProposal(page, dialog, {
      label: 'Đoạn văn như bạn đề nghị',
      original,
      proposed,
      shot: 'correction-markdown-dialog-390',
    });
    expect(errors).toEqual([]);
    await context.close();

    // The moderator, at 390 px: the diff shows the two words put in; accepting applies them.
    const { context: modContext, page: modPage, errors: modErrors } = await moderationAt(390);
    const item = modPage.getByTestId('correction-item').filter({ hasText: word });
    await item.waitFor();
    expect((await item.locator('ins').allInnerTexts()).map((t) => t.trim())).toEqual([word, 'phải']);
    expect(await modPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await item.scrollIntoViewIfNeeded();
    await screenshot(modPage, 'correction-markdown-review-390', { fullPage: false });
    await item.getByRole('button', { name: 'Nhận và sửa' }).click();
    await item.waitFor({ state: 'detached' });
    expect(modErrors).toEqual([]);
    await modContext.close();

    // Anyone, at 390 px, reads the paragraph as proposed, its formatting where it was.
    const anon = await browser.newPage({ viewport: viewport(390) });
    await anon.goto(`${baseURL}${markdownBook.firstChapterPath}`, { waitUntil: 'networkidle' });
    const paragraph = anon.locator('[data-testid="chapter-text"] p#p-1');
    expect(await paragraph.innerText()).toBe(proposed);
    expect(await paragraph.locator('em').allInnerTexts()).toEqual(['Phật']);
    expect(await paragraph.locator('strong').allInnerTexts()).toEqual(['tâm']);
    expect(await paragraph.getByRole('link', { name: 'gốc' }).getAttribute('href')).toBe('/sach');
    expect(await paragraphText(anon, 'p-2')).toBe('Đoạn thứ hai của chương, để trang có thêm chữ mà đọc.');
    expect(await anon.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await paragraph.scrollIntoViewIfNeeded();
    await screenshot(anon, 'correction-markdown-accepted-390', { fullPage: false });
    await anon.close();
  });

  it('anonymous readers are offered to log in, not a correction; at 1366 px in dark the dialog fits', async () => {
    const anon = await browser.newPage({ viewport: viewport(390) });
    await anon.goto(`${baseURL}${book.firstChapterPath}`, { waitUntil: 'networkidle' });
    await waitForHydration(anon);
    await selectStart(anon, 'p-1', 6);
    await anon.getByTestId('selection-popup').waitFor();
    expect(await anon.getByTestId('suggest-correction').count()).toBe(0);
    expect(await anon.getByTestId('selection-popup').innerText()).toContain('Đăng nhập');
    await anon.close();

    const { context } = await readerAt(1366);
    await context.addInitScript(() => localStorage.setItem('phap-bao:theme', 'dark'));
    const page = await context.newPage();
    await page.goto(`${baseURL}${book.firstChapterPath}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await selectStart(page, 'p-1', 6);
    await page.getByTestId('suggest-correction').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(640);
    expect(box.y).toBeGreaterThan(0);
    await screenshot(page, 'correction-dialog-dark-1366', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
  it('a transcript line of a talk: the pencil opens the dialog; accepted, the WebVTT, the page and search change', async () => {
    const word = `chusualoi${crypto.randomBytes(3).toString('hex')}`;
    // The reader, at 390 px, on this file's first talk.
    const talk = collection.talks[0]!;
    const { context, displayName } = await readerAt(390);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/phap-am`, { waitUntil: 'networkidle' });
    await page.locator('.audio-collection-card', { hasText: collection.title }).click();
    await page.locator('.audio-talk', { hasText: talk.title }).click();
    await page.locator('#talk-title', { hasText: talk.title }).waitFor();
    await waitForHydration(page);
    const talkUrl = page.url();
    const line = page.getByTestId('transcript').locator('li').nth(2);
    const original = await line.locator('.talk-cue-text').innerText();
    await line.getByRole('button', { name: 'Sửa lỗi dòng 3' }).click();
    const dialog = page.getByRole('dialog', { name: 'Báo lỗi, đề xuất sửa dòng 3' });
    await dialog.waitFor();
    const proposed = `${original} ${word}`;
    // A talk's line is named as one, not as a paragraph.
    await sendProposal(page, dialog, {
      label: 'Dòng lời giảng như bạn đề nghị',
      original,
      proposed,
      shot: 'correction-transcript-dialog-390',
    });
    expect(await line.locator('.talk-cue-text').innerText()).toBe(original);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'correction-transcript-talk-390', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();

    // Anonymous readers get no pencil.
    const anonPage = await browser.newPage({ viewport: viewport(390) });
    await anonPage.goto(talkUrl, { waitUntil: 'networkidle' });
    expect(await anonPage.getByTestId('transcript').locator('li').count()).toBeGreaterThan(3);
    expect(await anonPage.getByRole('button', { name: /^Sửa lỗi dòng/ }).count()).toBe(0);
    await anonPage.close();

    // The moderator, at 320 px: the diff shows the word put in, the talk and the line are named.
    const { context: modContext, page: modPage } = await moderationAt(320);
    const item = modPage.getByTestId('correction-item').filter({ hasText: word });
    await item.waitFor();
    expect(await item.locator('ins').allInnerTexts()).toEqual([word]);
    expect(await item.innerText()).toContain(`${talk.title} · dòng 3`);
    expect(await item.innerText()).toContain(displayName);
    expect(await modPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(modPage, 'correction-transcript-review-320', { fullPage: false });
    await item.getByRole('button', { name: 'Nhận và sửa' }).click();
    await item.waitFor({ state: 'detached' });
    await modContext.close();

    // At 1366 px anyone reads the new line with the reader thanked; the stored WebVTT has it; search finds it.
    const anon = await expectLineCorrected(talkUrl, 2, proposed, displayName, 'correction-transcript-credit-1366');
    const talkId = new URL(talkUrl).searchParams.get('nghe');
    const collectionId = /\/phap-am\/(\d+)/.exec(talkUrl)![1];
    const talks = (await (await fetch(`${baseURL}/api/v1/public/audio_collection/${collectionId}`)).json()) as {
      data: { talks: { id: number; transcriptUrl: string | null }[] };
    };
    const vttUrl = talks.data.talks.find((t) => String(t.id) === talkId)?.transcriptUrl;
    expect(vttUrl).toBeTruthy();
    const vtt = await (await fetch(new URL(vttUrl!, baseURL))).text();
    expect(vtt).toContain(proposed);
    await anon.goto(`${baseURL}/search?query=${word}&type=transcript`, { waitUntil: 'networkidle' });
    expect(await anon.locator('.search-result[data-type="transcript"]').count()).toBeGreaterThan(0);
    await anon.close();
  });
  it('“Góp ý sửa lỗi của tôi”: the reader’s own corrections with their state, paged; withdraw; others see none and get 404', async () => {
    const talk = collection.talks[1]!;

    const { context, token } = await readerAt(390);
    const tag = crypto.randomBytes(3).toString('hex');
    // Eleven corrections (one page is ten), the oldest first; the moderator refuses the second and accepts the third.
    // Each proposes the line as it is with words added, so the diff shows them together.
    const vtt = await (await fetch(new URL(talk.transcriptUrl!, baseURL))).text();
    const lines = vtt
      .split(/\n\n+/)
      .map((block) => block.split('\n'))
      .filter((block) => block.some((l) => l.includes('-->')))
      .map((block) => block.slice(block.findIndex((l) => l.includes('-->')) + 1).join(' '));
    const ids: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const line = i === 3 ? 1 : 0;
      const created = await api<{ data: { id: number } }>('POST', '/corrections', token, {
        talkId: talk.id,
        line,
        proposedText: `${lines[line]} (đề xuất ${tag} số ${i})`,
      });
      expect(created.status).toBe(201);
      ids.push(created.json.data.id);
    }
    expect(
      (
        await api('POST', `/moderation/correction/${ids[1]}`, moderator, {
          decision: 'refuse',
          reason: 'Bản ghi âm nói đúng như vậy',
        })
      ).status,
    ).toBe(200);
    expect((await api('POST', `/moderation/correction/${ids[2]}`, moderator, { decision: 'accept' })).status).toBe(200);

    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${baseURL}/profile`, { waitUntil: 'networkidle' });
    await page
      .getByRole('navigation', { name: 'Trang cá nhân' })
      .getByRole('link', { name: 'Góp ý sửa lỗi của tôi' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Góp ý sửa lỗi của tôi' }).waitFor();
    await waitForHydration(page);
    const items = page.getByTestId('my-correction');
    // Newest first: numbers 11 … 2 on the first page.
    expect(await items.count()).toBe(10);
    expect(await items.first().locator('ins').allInnerTexts()).toEqual([`(đề xuất ${tag} số 11)`]);
    expect(await items.first().innerText()).toContain('Đang chờ');
    expect(await items.first().innerText()).toContain(`${talk.title} · dòng 1`);
    const accepted = items.filter({ hasText: `${tag} số 3)` });
    expect(await accepted.getAttribute('data-state')).toBe('accepted');
    expect(await accepted.innerText()).toContain('Đã nhận');
    expect(await accepted.getByRole('button', { name: 'Rút lại đề xuất' }).count()).toBe(0);
    const refused = items.filter({ hasText: `${tag} số 2)` });
    expect(await refused.innerText()).toContain('Không nhận');
    expect(await refused.getByTestId('correction-reason').innerText()).toBe(
      'Lý do không nhận: Bản ghi âm nói đúng như vậy',
    );
    expect(await page.getByRole('navigation', { name: 'Phân trang' }).innerText()).toContain('Trang 1 / 2');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'my-corrections-390', { fullPage: false });
    await refused.scrollIntoViewIfNeeded();
    await screenshot(page, 'my-corrections-refused-390', { fullPage: false });

    // Page 2 holds the oldest; withdrawing it leaves one page.
    await page.getByRole('link', { name: 'Trang sau' }).click();
    await page.getByText('Trang 2 / 2').waitFor();
    expect(await items.count()).toBe(1);
    expect(await items.first().innerText()).toContain(`(đề xuất ${tag} số 1)`);
    await items.first().getByRole('button', { name: 'Rút lại đề xuất' }).click();
    await page.getByTestId('my-corrections-empty').waitFor();
    expect((await api('GET', `/correction/${ids[0]}`, token)).status).toBe(404);
    await page.setViewportSize({ width: 320, height: 740 });
    await page.goto(`${baseURL}/profile/correction`, { waitUntil: 'networkidle' });
    expect(await items.count()).toBe(10);
    expect(await page.getByRole('navigation', { name: 'Phân trang' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, 'my-corrections-320', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();

    // Another reader, at 1366 px: none of these, and withdrawing one of them is "not found".
    const { context: otherContext, token: otherToken } = await readerAt(1366);
    const otherPage = await otherContext.newPage();
    await otherPage.goto(`${baseURL}/profile/correction`, { waitUntil: 'networkidle' });
    expect(await otherPage.getByTestId('my-corrections-empty').innerText()).toContain('Bạn chưa gửi đề xuất sửa nào');
    expect(await otherPage.getByText(tag).count()).toBe(0);
    await screenshot(otherPage, 'my-corrections-empty-1366', { fullPage: false });
    const refusedWithdraw = await rawRequest(`${baseURL}/profile/correction`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: baseURL,
        'sec-fetch-site': 'same-origin',
        cookie: `pb_token=${encodeURIComponent(otherToken)}`,
      },
      body: new URLSearchParams({ intent: 'withdraw', id: String(ids[4]) }).toString(),
    });
    expect(refusedWithdraw.status).toBe(404);
    expect(refusedWithdraw.body).toContain('Không tìm thấy đề xuất sửa này.');
    expect((await api('GET', `/correction/${ids[4]}`, token)).json.data).toMatchObject({ id: ids[4] });
    await otherContext.close();
  });
  it('a line of a video’s transcript: corrected from the video page at 320 px, accepted, shown with thanks at 1366 px', async () => {
    const address = `${baseURL}${video.path}`;
    const { context, displayName } = await readerAt(320);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(address, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const line = page.getByTestId('transcript').locator('li').nth(4);
    const original = await line.locator('.talk-cue-text').innerText();
    await line.getByRole('button', { name: 'Sửa lỗi dòng 5' }).click();
    const dialog = page.getByRole('dialog', { name: 'Báo lỗi, đề xuất sửa dòng 5' });
    await dialog.waitFor();
    const word = `chusuavideo${crypto.randomBytes(3).toString('hex')}`;
    const proposed = `${original} (bản sửa ${word})`;
    // A video's line is a subtitle.
    await sendProposal(page, dialog, {
      label: 'Dòng phụ đề như bạn đề nghị',
      original,
      proposed,
      shot: 'correction-video-dialog-320',
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(errors).toEqual([]);
    await context.close();

    // The moderator accepts it (through the API the moderation page uses: that page is tested above).
    const queue = await api<{ data: { items: { id: number; proposedText: string; itemType: string }[] } }>(
      'GET',
      '/moderation/corrections?perPage=100',
      moderator,
    );
    const waiting = queue.json.data.items.find((c) => c.proposedText === proposed)!;
    expect(waiting.itemType).toBe('video');
    expect((await api('POST', `/moderation/correction/${waiting.id}`, moderator, { decision: 'accept' })).status).toBe(
      200,
    );

    const anon = await expectLineCorrected(address, 4, proposed, displayName, 'correction-video-credit-1366');
    // Search finds the new word in the video's line, and opens the video at that line's moment.
    await anon.goto(`${baseURL}/search?query=${word}&type=video`, { waitUntil: 'networkidle' });
    const hit = anon.locator('.search-result[data-type="video"] a.search-passage');
    expect(await hit.getAttribute('href')).toMatch(new RegExp(`^/videos\\?xem=${video.slug}&t=\\d+$`));
    await screenshot(anon, 'correction-video-search-1366', { fullPage: false });
    await anon.close();
  });
});
