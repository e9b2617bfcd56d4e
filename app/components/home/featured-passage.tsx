import type { QuotePassage } from '#common/contracts/content.schema.ts';
import { capitalizeFirst } from '#app/lib/format.ts';

function joinLines(lines: (string | null)[]): string {
  return capitalizeFirst(lines.filter((l): l is string => Boolean(l)).join(' '));
}

/** A liturgical passage of the day: its Hán-Việt reading, the Pali, and the Chinese. */
export function FeaturedPassage({ passage }: { passage: QuotePassage }) {
  const sinoVietnamese = joinLines(passage.lines.map((l) => l.sinoVietnamese));
  const pali = joinLines(passage.lines.map((l) => l.pali));
  const chinese = passage.lines
    .map((l) => l.chinese)
    .filter(Boolean)
    .join('');
  return (
    <section
      className="featured-quote page-width"
      aria-labelledby="featured-quote-title"
      data-testid="featured-passage"
    >
      <p className="eyebrow" id="featured-quote-title">
        Lời kinh hôm nay{passage.topic ? ` · ${capitalizeFirst(passage.topic)}` : ''}
      </p>
      {sinoVietnamese ? <p className="featured-quote-text">{sinoVietnamese}</p> : null}
      {pali ? (
        <p className={sinoVietnamese ? 'featured-quote-pali' : 'featured-quote-text'} lang="pi">
          {pali}
        </p>
      ) : null}
      {chinese ? (
        <p className="featured-quote-chinese" lang="zh-Hant">
          {chinese}
        </p>
      ) : null}
    </section>
  );
}
