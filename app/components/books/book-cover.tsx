/** A stable hue from a book code, so each generated cover keeps its colour. */
export function hueOf(code: string): number {
  let hash = 0;
  for (const ch of code) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  // Warm, calm hues only: saffron, ochre, terracotta, moss, teal, indigo.
  const palette = [28, 38, 14, 95, 170, 210, 345];
  return palette[hash % palette.length]!;
}

/** A generated cover for books that have none: title in serif on a quiet coloured ground (3:4). */
export function BookCover({ code, title, subtitle }: { code: string; title: string; subtitle?: string | null }) {
  return (
    <div className="book-cover" style={{ '--cover-hue': hueOf(code) } as React.CSSProperties} aria-hidden="true">
      <span className="book-cover-ornament" />
      <span className="book-cover-title">{title.replace(/\s*\(phiên âm Hán-Việt\)\s*$/i, '')}</span>
      {subtitle ? <span className="book-cover-subtitle">{subtitle}</span> : null}
    </div>
  );
}
