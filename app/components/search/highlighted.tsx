import type { HighlightSegment } from '#common/contracts/search.schema.ts';

/** A snippet with its matching words marked (segments come from the server's highlighter). */
export function Highlighted({ segments }: { segments: readonly HighlightSegment[] }) {
  return (
    <>
      {segments.map((segment, i) =>
        segment.hit ? (
          <mark key={i} className="search-hit">
            {segment.text}
          </mark>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </>
  );
}
