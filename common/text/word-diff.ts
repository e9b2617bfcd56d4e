/** One run of a word diff: kept, taken out, or put in. */
export interface DiffPart {
  op: 'same' | 'removed' | 'added';
  text: string;
}

// Past this many words on a side the table would be too large: the whole text is shown as replaced.
const MOST_WORDS = 2000;

/**
 * The words (with the spaces after them) that changed from `before` to `after`, by the longest
 * common sequence of words: what a moderator reads to judge a reader's correction.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = before.match(/\S+\s*/g) ?? [];
  const b = after.match(/\S+\s*/g) ?? [];
  if (a.length > MOST_WORDS || b.length > MOST_WORDS) {
    return [
      ...(before ? [{ op: 'removed' as const, text: before }] : []),
      ...(after ? [{ op: 'added' as const, text: after }] : []),
    ];
  }
  const same = (i: number, j: number) => a[i]!.trim() === b[j]!.trim();
  // lengths[i][j]: the longest common run of a[i..] and b[j..], filled from the end.
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i]![j] = same(i, j) ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  const push = (op: DiffPart['op'], text: string) => {
    const last = parts.at(-1);
    if (last?.op === op) last.text += text;
    else parts.push({ op, text });
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (same(i, j)) {
      push('same', b[j]!);
      i++;
      j++;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) push('removed', a[i++]!);
    else push('added', b[j++]!);
  }
  while (i < a.length) push('removed', a[i++]!);
  while (j < b.length) push('added', b[j++]!);
  return parts;
}
