import type { QuotePassage } from '#common/contracts/content.schema.ts';
import { capitalizeFirst } from '#app/lib/format.ts';

function joinLines(lines: (string | null)[]): string {
  return capitalizeFirst(lines.filter((l): l is string => Boolean(l)).join(' '));
}

/**
 * A liturgical passage of the day: its plain Vietnamese meaning first (what most readers can
 * understand), then — one tap away, so the card stays short on a phone — the Hán-Việt reading they
 * chant, the Pali and the Chinese.
 */
export function FeaturedPassage({ passage }: { passage: QuotePassage }) {
  const meaning = joinLines(passage.lines.map((l) => l.meaning));
  const sinoVietnamese = joinLines(passage.lines.map((l) => l.sinoVietnamese));
  const pali = joinLines(passage.lines.map((l) => l.pali));
  const chinese = passage.lines
    .map((l) => l.chinese)
    .filter(Boolean)
    .join('');
  const originals = [sinoVietnamese && 'Hán-Việt', pali && 'Pali', chinese && 'chữ Hán'].filter(Boolean).join(', ');
  return (
    <section
      className="featured-quote page-width"
      aria-labelledby="featured-quote-title"
      data-testid="featured-passage"
    >
      <p className="eyebrow" id="featured-quote-title">
        Lời kinh hôm nay{passage.topic ? ` · ${capitalizeFirst(passage.topic)}` : ''}
      </p>
      <p className="featured-quote-text" data-testid="featured-meaning">
        {meaning}
      </p>
      {originals ? (
        <details className="featured-quote-originals">
          <summary>Lời tụng ({originals})</summary>
          {sinoVietnamese ? <p className="featured-quote-reading">{sinoVietnamese}</p> : null}
          {pali ? (
            <p className="featured-quote-pali" lang="pi">
              {pali}
            </p>
          ) : null}
          {chinese ? (
            <p className="featured-quote-chinese" lang="zh-Hant">
              {chinese}
            </p>
          ) : null}
        </details>
      ) : null}
    </section>
  );
}
