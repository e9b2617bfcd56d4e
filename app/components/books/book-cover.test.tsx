import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BookCover } from './book-cover.tsx';

describe('BookCover', () => {
  it('shows an uploaded cover lazily, with responsive sizes', () => {
    const html = renderToString(<BookCover code="kinh" title="Kinh" coverImage="/media/covers/kinh-ab12-300.webp" />);
    expect(html).toContain('loading="lazy"');
    expect(html).toContain(
      'srcSet="/media/covers/kinh-ab12-150.webp 150w, /media/covers/kinh-ab12-300.webp 300w, /media/covers/kinh-ab12-600.webp 600w"',
    );
    expect(html).toContain('sizes="(max-width: 640px) 45vw, 180px"');
    expect(html).toContain('width="300" height="400"');
  });

  it('generates a cover with the title when there is none', () => {
    const html = renderToString(
      <BookCover code="kinh-kim-cang" title="Kinh Kim Cang (phiên âm Hán-Việt)" subtitle="金剛經" />,
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('Kinh Kim Cang</span>');
    expect(html).toContain('--cover-hue');
  });
});
