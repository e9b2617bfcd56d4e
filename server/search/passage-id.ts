import type { ResultType } from '#common/contracts/search.values.ts';

/**
 * A passage id packs where the passage belongs: `((kind × 2^24) + itemId) × 2^20 + seq`.
 * With it the engine filters by type (an id range) and groups by item (id ÷ 2^20) without
 * reading another table. Limits: 16.7 million items per kind, a million passages per item;
 * the largest id (7 × 2^44) stays far below 2^53, so JavaScript numbers hold it exactly.
 */
export const SEQ_SPAN = 2 ** 20;
export const ITEM_SPAN = 2 ** 24;
export const MAX_SEQ = SEQ_SPAN - 1;
export const MAX_ITEM_ID = ITEM_SPAN - 1;

/** What a passage belongs to. The numbers are stored: never renumber one. */
export const SearchKind = {
  book: 1,
  talk: 2,
  collection: 3,
  transcript: 4,
  video: 5,
  article: 6,
} as const;
export type SearchKindName = keyof typeof SearchKind;

/** The result tab (search type) each kind is counted and filtered under: a talk's collection counts as audio. */
export const RESULT_TYPE_OF_KIND: Readonly<Record<number, ResultType>> = {
  [SearchKind.book]: 'book',
  [SearchKind.talk]: 'audio',
  [SearchKind.collection]: 'audio',
  [SearchKind.transcript]: 'transcript',
  [SearchKind.video]: 'video',
  [SearchKind.article]: 'article',
};
export type SearchKindCode = (typeof SearchKind)[SearchKindName];

export function kindName(code: number): SearchKindName {
  const name = (Object.keys(SearchKind) as SearchKindName[]).find((k) => SearchKind[k] === code);
  if (!name) throw new Error(`Unknown search kind ${code}`);
  return name;
}

/** The key of an item across kinds: kind × 2^24 + id. */
export function itemKeyOf(kind: number, itemId: number): number {
  return kind * ITEM_SPAN + itemId;
}

export function passageIdOf(kind: number, itemId: number, seq: number): number {
  if (!Number.isInteger(itemId) || itemId < 0 || itemId > MAX_ITEM_ID)
    throw new Error(`Item id out of range: ${itemId}`);
  if (!Number.isInteger(seq) || seq < 0 || seq > MAX_SEQ) throw new Error(`Passage rank out of range: ${seq}`);
  return itemKeyOf(kind, itemId) * SEQ_SPAN + seq;
}

export function splitItemKey(itemKey: number): { kind: number; itemId: number } {
  return { kind: Math.floor(itemKey / ITEM_SPAN), itemId: itemKey % ITEM_SPAN };
}

/** The first and last passage id of an item: every passage of it lies between. */
export function itemIdRange(itemKey: number): [number, number] {
  return [itemKey * SEQ_SPAN, itemKey * SEQ_SPAN + MAX_SEQ];
}

export function itemKeyOfPassage(passageId: number): number {
  return Math.floor(passageId / SEQ_SPAN);
}
