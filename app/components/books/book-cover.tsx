import { coverSrcSet, coverTitleOf, hueOf } from '#common/covers.ts';

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
      <span className="book-cover-title">{coverTitleOf(title)}</span>
      {subtitle ? <span className="book-cover-subtitle">{subtitle}</span> : null}
    </div>
  );
}
