import { coverSrcSet } from '#common/covers.ts';

/** A stable hue from a book code, so each generated cover keeps its colour. */
export function hueOf(code: string): number {
  let hash = 0;
  for (const ch of code) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  // Warm, calm hues only: saffron, ochre, terracotta, moss, teal, indigo.
  const palette = [28, 38, 14, 95, 170, 210, 345];
  return palette[hash % palette.length]!;
}

/**
 * A book's cover (3:4): the uploaded one, lazy-loaded with responsive sizes, or — for books that
 * have none — a generated one: the title in serif on a quiet coloured ground.
 */
export function BookCover({
  code,
  title,
  subtitle,
  coverImage,
  sizes = '(max-width: 640px) 45vw, 180px',
}: {
  code: string;
  title: string;
  subtitle?: string | null;
  coverImage?: string | null;
  sizes?: string;
}) {
  if (coverImage) {
    const srcSet = coverSrcSet(coverImage);
    return (
      <img
        className="book-cover book-cover-image"
        src={coverImage}
        srcSet={srcSet ?? undefined}
        sizes={srcSet ? sizes : undefined}
        width={300}
        height={400}
        loading="lazy"
        decoding="async"
        alt=""
      />
    );
  }
  return (
    <div className="book-cover" style={{ '--cover-hue': hueOf(code) } as React.CSSProperties} aria-hidden="true">
      <span className="book-cover-ornament" />
      <span className="book-cover-title">{title.replace(/\s*\(phiên âm Hán-Việt\)\s*$/i, '')}</span>
      {subtitle ? <span className="book-cover-subtitle">{subtitle}</span> : null}
    </div>
  );
}
