import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableEngines } from '../support/databases.ts';
import { factories, type MadeBook } from '../factories/tables.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const engines = await availableEngines();

describe.each(engines)('book covers on %s', (engine) => {
  let t: TestApp;
  let book: MadeBook;
  let other: MadeBook;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    const make = factories(t);
    book = await make.book();
    other = await make.book();
  });
  afterAll(async () => {
    await t.close();
  });

  const size = async (url: string) => {
    const res = await t.app.request(url);
    expect(res.status, url).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    return `${meta.format} ${meta.width}x${meta.height}`;
  };

  it('cuts any image to the 3:4 bookCover preset at 150, 300 and 600 px, and the book shows it', async () => {
    const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#7d3a0e' } })
      .jpeg()
      .toBuffer();
    const url = await t.services.covers.setBookCover(book.code, photo);
    expect(url).toMatch(new RegExp(`^/media/covers/${book.code}-[0-9a-f]+-300\\.webp$`));
    expect(await size(url)).toBe('webp 300x400');
    expect(await size(url.replace('-300.webp', '-150.webp'))).toBe('webp 150x200');
    expect(await size(url.replace('-300.webp', '-600.webp'))).toBe('webp 600x800');
    const shown = (await (await t.app.request(`/api/v1/public/book/${book.code}`)).json()) as {
      data: { coverImage: string };
    };
    expect(shown.data.coverImage).toBe(url);

    // A new cover replaces the old one, files included.
    const second = await t.services.covers.setBookCover(book.code, photo);
    expect(second).not.toBe(url);
    expect((await t.app.request(url)).status).toBe(404);
    expect(await size(second)).toBe('webp 300x400');
  });

  it('refuses what is not an image, and unknown books', async () => {
    await expect(
      t.services.covers.setBookCover(other.code, new TextEncoder().encode('GIF89a không phải ảnh')),
    ).rejects.toMatchObject({
      status: 415,
    });
    const png = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(t.services.covers.setBookCover('khong-co', png)).rejects.toMatchObject({ status: 404 });
    const shown = (await (await t.app.request(`/api/v1/public/book/${other.code}`)).json()) as {
      data: { coverImage: string | null };
    };
    expect(shown.data.coverImage).toBeNull();
  });
});
