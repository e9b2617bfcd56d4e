import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { HistoryEntry } from '#common/contracts/history.schema.ts';
import { chapterPath } from '#common/paths.ts';
import { readDeviceHistory } from '#app/lib/device-history.ts';

/**
 * "Continue reading" on the home page, for a returning reader: the book, chapter and paragraph
 * read last — from the account when logged in (its history), else from this device's history,
 * which is known only in the browser and read after hydration (the page itself may come from the
 * shared cache of anonymous pages).
 */
export function ContinueReading({ account }: { account: HistoryEntry | null }) {
  const [device, setDevice] = useState<HistoryEntry | null>(null);
  useEffect(() => {
    if (!account) setDevice(readDeviceHistory()[0] ?? null);
  }, [account]);
  const shown = account ?? device;
  if (!shown) return null;
  const chapter = shown.chapterTitle ?? `Chương ${shown.chapterPosition}`;
  return (
    <section
      className="continue-listening"
      aria-labelledby="continue-reading-title"
      data-testid="continue-reading-home"
    >
      <p className="eyebrow" id="continue-reading-title">
        Đọc tiếp
      </p>
      <Link
        to={chapterPath(shown.chapterCode, shown.bookCode, { anchor: shown.paragraph })}
        className="continue-listening-link"
      >
        <span className="continue-listening-title">{shown.bookTitle}</span>
        <span className="continue-listening-meta">{chapter}</span>
      </Link>
    </section>
  );
}
