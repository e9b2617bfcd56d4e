/**
 * A chapter's text cut into the sentences the read-aloud speaks one at a time: each keeps the DOM
 * range it covers (to highlight it) and the words a Vietnamese voice is given.
 */
export interface Sentence {
  range: Range;
  /** The paragraph (or other block) it belongs to. */
  block: Element;
  spoken: string;
}

// Chinese beside the Hán-Việt, ruby readings and hidden parts are not read: a vi-VN voice spells
// Chinese characters out (or skips them), and the Hán-Việt line says the same words.
// The 漢 views' own controls and hint (han-study.tsx) are not the chapter's words either.
const NOT_READ =
  '[hidden], rt, rp, script, style, .reader-han, .han-study-tools, .han-study-hint, .han-study-loading, [lang^="zh"], [lang^="ja"], [lang^="ko"]';
const BLOCK = 'p, li, h1, h2, h3, h4, h5, h6, blockquote, figcaption, dd, dt, td, th, pre';
// Past this many characters a sentence is cut at a comma: a long utterance can stall a voice.
const LONGEST = 220;

/** The words given to the voice: Hán-Việt compounds ("Bát-nhã Ba-la-mật-đa") said syllable by syllable, as written. */
export function spokenForm(text: string): string {
  return text
    .replace(/\p{Script=Han}+/gu, ' ')
    .replace(/(\p{L})[-‐‑–](?=\p{L})/gu, '$1 ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Where sentences end in `text`: after . ! ? … ; : (and closing quotes), at line breaks, and long ones at a comma. */
export function sentenceSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  const ends = /[.!?…;:]+["”’»)\]]*(?=\s|$)|\n/g;
  let start = 0;
  const push = (from: number, to: number) => {
    while (from < to && /\s/.test(text[from]!)) from++;
    while (to > from && /\s/.test(text[to - 1]!)) to--;
    if (to <= from || !/\p{L}|\p{N}/u.test(text.slice(from, to))) return;
    if (to - from <= LONGEST) return void spans.push([from, to]);
    // Too long: cut after the last comma (else space) before the limit.
    const head = text.slice(from, from + LONGEST);
    const comma = head.lastIndexOf(', ');
    const cut = comma > LONGEST / 3 ? comma + 1 : head.lastIndexOf(' ');
    const at = cut > LONGEST / 3 ? from + cut : from + LONGEST;
    push(from, at);
    push(at, to);
  };
  for (const match of text.matchAll(ends)) {
    const end = match.index + match[0].length;
    push(start, end);
    start = end;
  }
  push(start, text.length);
  return spans;
}

/** The sentences of a chapter's text, in reading order. */
export function sentencesOf(container: Element): Sentence[] {
  const doc = container.ownerDocument;
  const blocks = new Map<Element, { nodes: Text[]; text: string; starts: number[] }>();
  // Elements are visited too: the parts not read are skipped whole, and <br> ends a line.
  const walker = doc.createTreeWalker(container, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (n) =>
      n.nodeType === Node.ELEMENT_NODE && (n as Element).matches(NOT_READ)
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.nodeType === Node.TEXT_NODE ? node.parentElement : (node as Element);
    const isBreak = parent === node && parent.tagName === 'BR';
    if (!parent || (parent === node && !isBreak)) continue;
    const block = parent.closest(BLOCK) ?? parent;
    if (!container.contains(block)) continue;
    let entry = blocks.get(block);
    if (isBreak) {
      if (entry) entry.text += '\n';
      continue;
    }
    if (!entry) blocks.set(block, (entry = { nodes: [], text: '', starts: [] }));
    entry.starts.push(entry.text.length);
    entry.nodes.push(node as Text);
    entry.text += (node as Text).data;
  }
  const sentences: Sentence[] = [];
  for (const [block, { nodes, text, starts }] of blocks) {
    const at = (offset: number, end: boolean): [Text, number] => {
      // The last node starting before the offset (at an end, a node starting exactly there is not it).
      let i = nodes.length - 1;
      while (i > 0 && (end ? starts[i]! >= offset : starts[i]! > offset)) i--;
      return [nodes[i]!, Math.min(offset - starts[i]!, nodes[i]!.data.length)];
    };
    for (const [from, to] of sentenceSpans(text)) {
      const spoken = spokenForm(text.slice(from, to));
      if (!spoken) continue;
      const range = doc.createRange();
      range.setStart(...at(from, false));
      range.setEnd(...at(to, true));
      sentences.push({ range, block, spoken });
    }
  }
  return sentences;
}
