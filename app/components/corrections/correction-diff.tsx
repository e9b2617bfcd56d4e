import type { Correction } from '#common/contracts/correction.schema.ts';

/** A correction's words as proposed: the words kept, struck out (`del`) and put in (`ins`). */
export function CorrectionDiff({ diff }: { diff: Correction['diff'] }) {
  return (
    <p className="correction-diff" data-testid="correction-diff">
      {diff.map((part, i) =>
        part.op === 'same' ? (
          <span key={i}>{part.text}</span>
        ) : part.op === 'removed' ? (
          <del key={i}>{part.text}</del>
        ) : (
          <ins key={i}>{part.text}</ins>
        ),
      )}
    </p>
  );
}
