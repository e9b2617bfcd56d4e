import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { bookForThisFile } from './support/site-books.ts';
import { launchBrowser, screenshot, waitForHydration, watchPageErrors } from './support/browser.ts';
import { loginAs, loginAsAdmin } from './support/session.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');

async function api(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${baseURL}/api/v1${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

/** The book the highlight in the list comes from: this test's own. */
const book = bookForThisFile({
  chapters: [{ title: 'Mở đầu', markdown: 'Như thị ngã văn: một thời đức Phật ở nước Xá Vệ.' }],
});

describe('published quote lists and moderation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a public list waits for a moderator, who approves and features it; then everyone reads it', async () => {
    // A reader's group with a highlight from a sutra and a quote typed by hand, made public.
    const owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const me = await loginAs(owner, baseURL);
    const group = await api(me.token, 'POST', '/note_groups', {
      name: 'Lời kinh nâng đỡ',
      description: 'Những câu kinh giúp lòng lắng lại.',
    });
    await api(me.token, 'POST', '/notes', {
      bookCode: book.code,
      chapterCode: book.chapters[0]!.code,
      color: 'yellow',
      content: 'Như thị ngã văn',
      body: 'Câu mở đầu mọi bản kinh.',
      anchor: { paragraph: 'p-1', start: 0, end: 15, exact: 'Như thị ngã văn', prefix: '', suffix: '' },
      noteGroupId: group.id,
    });
    await api(me.token, 'POST', '/notes', {
      content: 'Đi như một dòng sông.',
      sourceTitle: 'Lời thầy dạy',
      sourceUrl: 'https://example.org/loi-thay-day',
      color: 'aqua',
      noteGroupId: group.id,
    });
    const published = await api(me.token, 'PUT', `/note_group/${group.id}`, { isPublic: true });
    expect(published.moderationState).toBe('pending');
    const listPath = String(published.publicPath);

    // The owner sees their own list, with a word on its state.
    const ownerPage = await owner.newPage();
    await ownerPage.goto(`${baseURL}${listPath}`, { waitUntil: 'networkidle' });
    await ownerPage.getByTestId('list-state-note').filter({ hasText: 'chờ người kiểm duyệt' }).waitFor();

    // Anyone else is told the list is under moderation; a reader cannot open the moderator's page.
    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const visitorErrors = watchPageErrors(visitor);
    await visitor.goto(`${baseURL}${listPath}`, { waitUntil: 'networkidle' });
    expect(new URL(visitor.url()).pathname).toBe('/noi-dung-dang-kiem-duyet');
    const forbidden = await ownerPage.goto(`${baseURL}/profile/moderation`, { waitUntil: 'networkidle' });
    expect(forbidden?.status()).toBe(403);
    expect(await ownerPage.locator('.error-page').innerText()).toContain('Trang này dành cho người kiểm duyệt');
    expect(await ownerPage.locator('.profile-menu').getByText('Kiểm duyệt').count()).toBe(0);

    // The moderator: the queue, a rejection needs a reason, then approval and featuring.
    const moderatorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await loginAsAdmin(moderatorContext, baseURL, dataDir);
    const mod = await moderatorContext.newPage();
    const modErrors = watchPageErrors(mod);
    await mod.goto(`${baseURL}/profile`, { waitUntil: 'networkidle' });
    await waitForHydration(mod);
    await mod.locator('.profile-menu').getByRole('link', { name: 'Kiểm duyệt' }).click();
    await mod.waitForURL(/\/profile\/moderation$/);
    const item = mod.getByTestId('moderation-item').filter({ hasText: 'Lời kinh nâng đỡ' });
    await item.waitFor();
    expect(await item.getByTestId('quote-note').count()).toBe(2);
    await screenshot(mod, 'moderation-1280');
    await item.getByRole('button', { name: 'Từ chối' }).click();
    await item.getByRole('alert').filter({ hasText: 'lý do' }).waitFor();
    await item.getByRole('button', { name: 'Duyệt' }).click();
    await mod.getByTestId('moderation-item').filter({ hasText: 'Lời kinh nâng đỡ' }).waitFor({ state: 'detached' });
    const approved = mod.getByTestId('approved-item').filter({ hasText: 'Lời kinh nâng đỡ' });
    await approved.getByRole('button', { name: 'Chọn nổi bật' }).click();
    await approved.getByRole('button', { name: 'Bỏ nổi bật' }).waitFor();
    // The moderator's page answered one 400 on purpose (the rejection without a reason).
    expect(modErrors.filter((e) => !e.includes('status of 400'))).toEqual([]);

    // Everyone: the quotes page lists it as featured and new; its page shows the notes and sources.
    await visitor.goto(`${baseURL}/danh-sach`, { waitUntil: 'networkidle' });
    await visitor.getByTestId('featured-lists').getByText('Lời kinh nâng đỡ').waitFor();
    await visitor.getByTestId('recent-lists').getByText('Lời kinh nâng đỡ').waitFor();
    await screenshot(visitor, 'lists-390');
    await visitor
      .getByTestId('featured-lists')
      .getByRole('link', { name: /Lời kinh nâng đỡ/ })
      .click();
    await visitor.waitForURL(new RegExp(`${listPath}$`));
    await visitor.locator('h1', { hasText: 'Lời kinh nâng đỡ' }).waitFor();
    const notes = visitor.getByTestId('quote-note');
    expect(await notes.count()).toBe(2);
    expect(await visitor.locator('h1').innerText()).toBe('Lời kinh nâng đỡ');
    expect(await visitor.locator('.list-detail-meta').innerText()).toContain(me.username);
    // The chapter source is a link into the reader, at the passage; the typed one leaves the site safely.
    const chapterLink = notes.filter({ hasText: 'Như thị ngã văn' }).getByRole('link');
    expect(await chapterLink.getAttribute('href')).toBe(`${book.firstChapterPath}#p-1`);
    const external = notes.filter({ hasText: 'Đi như một dòng sông.' }).getByRole('link', { name: 'Lời thầy dạy' });
    expect(await external.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    await screenshot(visitor, 'list-detail-390');
    // An address with another user name leads to the list's own address.
    await visitor.goto(`${baseURL}/danh-sach/nguoi-khac/${String(group.id)}`, { waitUntil: 'networkidle' });
    expect(new URL(visitor.url()).pathname).toBe(listPath);
    expect(visitorErrors).toEqual([]);

    // A private list of someone else, or none at all, is not found.
    const secret = await api(me.token, 'POST', '/note_groups', { name: 'Riêng tư' });
    const missing = await visitor.goto(`${baseURL}/danh-sach/${me.username}/${String(secret.id)}`);
    expect(missing?.status()).toBe(404);
    await owner.close();
    await moderatorContext.close();
    await visitor.close();
  });
});
