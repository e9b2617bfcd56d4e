import type { TermLookupResult } from '#common/contracts/term-lookup.schema.ts';
import { LookupCharacters, LookupEntries, LookupFrame, LookupPassages, useLookup } from './lookup-sheet.tsx';

/**
 * What the library knows of a Vietnamese term selected in a chapter (GET
 * /api/v1/public/dictionary/term): the imported entries with that Hán-Việt reading, the Chinese
 * characters read so (one syllable), and the passages with the term. Loaded on the first "Tra từ".
 */
export function TermLookupSheet({ term, onClose }: { term: string; onClose: () => void }) {
  const state = useLookup<TermLookupResult>(`term?${new URLSearchParams({ term })}`);
  const result = state.status === 'done' ? state.result : null;
  return (
    <LookupFrame
      state={state}
      onClose={onClose}
      heading={<span className="lookup-term-vi">{result?.term ?? term}</span>}
    >
      {result ? <TermLookupBody result={result} /> : null}
    </LookupFrame>
  );
}

function TermLookupBody({ result }: { result: TermLookupResult }) {
  const more = result.entryTotal - result.entries.length;
  const moreCharacters = result.characterTotal - result.characters.length;
  return (
    <>
      {result.entries.length > 0 ? (
        <>
          <LookupEntries entries={result.entries} />
          {more > 0 ? <p className="lookup-count">Còn {more} mục khác cùng cách đọc.</p> : null}
        </>
      ) : (
        <p className="lookup-none" data-testid="lookup-no-entry">
          Từ điển của thư viện chưa có mục nào đọc là “{result.term}”.
        </p>
      )}
      {result.characters.length > 0 ? (
        <>
          <LookupCharacters characters={result.characters} unihan={result.unihan} heading="Chữ Hán đọc như vậy" />
          {moreCharacters > 0 ? <p className="lookup-count">Còn {moreCharacters} chữ khác.</p> : null}
        </>
      ) : null}
      <LookupPassages
        phrase={result.term}
        passages={result.passages}
        total={result.passageTotal}
        searchUrl={result.searchUrl}
        alwaysSearch
        none="Chưa thấy đoạn nào trong sách của thư viện có cụm từ này."
      />
    </>
  );
}
