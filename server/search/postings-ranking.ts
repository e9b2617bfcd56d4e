import {
  compileQuery,
  idf,
  phrasePositionsOf,
  scorePassage,
  type CompiledQuery,
  type PassagePositions,
} from './bm25.ts';
import type { LibraryFigures } from './exact-ranking.ts';
import { ITEM_SPAN, itemIdRange, SEQ_SPAN, splitItemKey } from './passage-id.ts';
import type { Block } from './postings-codec.ts';
import {
  blockKey,
  boundNow,
  impactOf,
  termKey,
  type BlockBounds,
  type Postings,
  type TermKey,
  type TermRow,
} from './postings.ts';
import type { EngineQuery, ItemHit, MatchClause } from './search-index.ts';

/**
 * The best items of a search, read from the postings index (postings.ts) without scoring every
 * match: exact BM25 (bm25.ts) of the passages that could still enter the page, by block-max
 * pruning. Decision 0047.
 *
 * A passage is a hit when it holds every word of the required clause (and, for a phrase, the
 * words in order, from their positions): the required words' postings are intersected, led by the
 * word with the fewest. Each block of the leading word gets an upper bound of the score of any
 * passage in it: per phrase of the query, its IDF × the smallest, over the phrase's words, of the
 * largest bound of that word's blocks overlapping the leading block (a phrase occurs at most as
 * often as each of its words; NEAR keeps at most every instance). The leading blocks are read best
 * bound first, a few at a time with the blocks of the other words they overlap, and every hit in
 * them is scored exactly from its postings (tf, length, positions); the search stops when the next
 * block's bound is below the page's last item — an item's score is its best passage's, so no
 * passage left could change the page. The answer is the full ranking's page, not an estimate.
 */

/**
 * Items counted per kind at most when several words are required (a count walks their postings):
 * above, the count is shown as "more than" this. A one-word search's counts are always exact.
 */
export const COUNT_LIMIT = 1_000;

/** Per kind, items matching (up to the limit) and whether there are more. */
export interface KindCounts {
  counts: Map<number, number>;
  /** Kinds with more items than their count (the limit). */
  capped: Set<number>;
}

export interface PostingsAnswer extends KindCounts {
  /** The page's items, best first (ties by item key), with their matching passages. */
  items: ItemHit[];
}

/** A word's blocks (in id order) as parallel arrays. */
interface Directory {
  term: TermRow;
  form: 'exact' | 'folded';
  blocks: BlockBounds[];
  /** Each block's bound for today's average length. */
  bound: Float64Array;
  postings: number;
}

// Leading blocks read at a time, growing to this as the search goes on (fewer round trips).
const FIRST_BATCH = 4;
const LAST_BATCH = 64;
const KIND_SPAN = ITEM_SPAN * SEQ_SPAN;

/** `a` is not below `b`, allowing for rounding (a bound is never trusted to the last bit). */
const reaches = (a: number, b: number) => a >= b - 1e-9 * Math.max(1, Math.abs(b));

/** The first index of the sorted blocks whose last id is ≥ id. */
function firstEndingFrom(blocks: readonly BlockBounds[], id: number): number {
  let lo = 0;
  let hi = blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (blocks[mid]!.lastId < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The blocks overlapping [from, to]. */
function overlapping(blocks: readonly BlockBounds[], from: number, to: number): BlockBounds[] {
  const out: BlockBounds[] = [];
  for (let i = firstEndingFrom(blocks, from); i < blocks.length && blocks[i]!.firstId <= to; i++) out.push(blocks[i]!);
  return out;
}

/** A block's bounds, with its postings once read. */
interface ReadBlock extends BlockBounds {
  postingsRead?: Block;
}

/** One search over the postings: its words' directories and the blocks read so far. */
class PostingsSearch {
  /** The directories in a fixed order; the required words' first. */
  private readonly list: Directory[];
  private readonly requiredCount: number;
  /** Per phrase of the query, the indexes in `list` of its words (−1: a word in no passage). */
  private readonly phraseWords: number[][];
  /** The required clause's words as indexes in `list`, when they must be a phrase (strict, several words). */
  private readonly phrase: number[] | null;
  /** Every phrase one word and no NEAR: a passage's score needs no position. */
  private readonly simple: boolean;
  // Per directory, the block and index of the passage being scored (reused: no garbage per passage).
  private readonly foundBlock: (Block | null)[];
  private readonly foundIndex: Int32Array;
  private readonly bestHere: Float64Array;
  private readonly avgdl: number;

  constructor(
    private readonly postings: Postings,
    readonly compiled: CompiledQuery,
    readonly stats: LibraryFigures & { idf: number[] },
    /** Per term key, its directory (words absent from the index have none). */
    readonly directories: Map<TermKey, Directory>,
    /** The required words (all present). */
    readonly required: TermKey[],
    clause: MatchClause,
  ) {
    const keys = [...required, ...[...directories.keys()].filter((k) => !required.includes(k))];
    this.list = keys.map((k) => directories.get(k)!);
    this.requiredCount = required.length;
    this.phraseWords = compiled.phrases.map((p) => p.words.map((w) => keys.indexOf(termKey(p.form, w))));
    this.phrase =
      clause.phrase && clause.words.length > 1 ? clause.words.map((w) => keys.indexOf(termKey(clause.form, w))) : null;
    this.simple =
      compiled.phrases.every((p) => p.words.length === 1) && compiled.clauses.every((c) => c.kind !== 'near');
    this.foundBlock = this.list.map(() => null);
    this.foundIndex = new Int32Array(this.list.length);
    this.bestHere = new Float64Array(this.list.length);
    this.avgdl = stats.passages > 0 ? stats.tokens / stats.passages : 1;
  }

  /** The leading word: the required word with the fewest postings. */
  get lead(): Directory {
    return this.list.slice(0, this.requiredCount).reduce((a, b) => (b.postings < a.postings ? b : a));
  }

  /** Reads the blocks not read yet, in one statement. */
  async fetch(blocks: readonly ReadBlock[]): Promise<void> {
    const missing = [...new Set(blocks.filter((b) => !b.postingsRead))];
    if (missing.length === 0) return;
    const read = await this.postings.blocks(missing);
    for (const b of missing) b.postingsRead = read.get(blockKey(b.termId, b.lastId));
  }

  /**
   * Every block of the other words overlapping [from, to], to fetch with a leading block (of the
   * other required words only, to test matches).
   */
  companions(from: number, to: number, lead: Directory, requiredOnly = false): BlockBounds[] {
    const out: BlockBounds[] = [];
    const count = requiredOnly ? this.requiredCount : this.list.length;
    for (let d = 0; d < count; d++) if (this.list[d] !== lead) out.push(...overlapping(this.list[d]!.blocks, from, to));
    return out;
  }

  /**
   * The unread blocks of the other words holding these passages (ids ascending), to fetch before
   * scoring them (of the other required words only, when `requiredOnly`).
   */
  blocksHolding(ids: readonly number[], lead: Directory, requiredOnly = false): ReadBlock[] {
    const out: ReadBlock[] = [];
    const count = requiredOnly ? this.requiredCount : this.list.length;
    for (let d = 0; d < count; d++) {
      const blocks: readonly ReadBlock[] = this.list[d]!.blocks;
      if (this.list[d] === lead) continue;
      let last: ReadBlock | null = null;
      for (const id of ids) {
        const bounds = blocks[firstEndingFrom(blocks, id)];
        if (!bounds || bounds.firstId > id || bounds === last || bounds.postingsRead) continue;
        out.push(bounds);
        last = bounds;
      }
    }
    return out;
  }

  /** Finds directory d's posting of passage `id` (foundBlock[d], foundIndex[d]); false when absent. */
  private find(d: number, id: number): boolean {
    const blocks: readonly ReadBlock[] = this.list[d]!.blocks;
    const bounds = blocks[firstEndingFrom(blocks, id)];
    this.foundBlock[d] = null;
    if (!bounds || bounds.firstId > id) return false;
    const block = bounds.postingsRead;
    if (!block) throw new Error(`Block not read: ${bounds.termId}:${bounds.lastId}`);
    const index = block.find(id);
    if (index < 0) return false;
    this.foundBlock[d] = block;
    this.foundIndex[d] = index;
    return true;
  }

  private positionsOf(d: number): number[] {
    return this.foundBlock[d]!.positions(this.foundIndex[d]!);
  }

  /** Whether the required clause matches passage `id` (its required words' blocks fetched). */
  matches(id: number): boolean {
    for (let d = 0; d < this.requiredCount; d++) if (!this.find(d, id)) return false;
    if (!this.phrase) return true;
    const positions = new Map(this.phrase.map((d) => [String(d), this.positionsOf(d)]));
    return phrasePositionsOf(positions, this.phrase.map(String)).length > 0;
  }

  /**
   * The passage's exact score, or null when it is not a hit (a required word missing, a phrase
   * not in order) or when it cannot reach `threshold`: per phrase, its IDF × the impact of its
   * rarest word's tf here (a phrase or a NEAR group counts at most that many) is a bound computed
   * before any position is decoded. Its blocks must have been fetched.
   */
  score(id: number, words: number, threshold = 0): number | null {
    for (let d = 0; d < this.requiredCount; d++) if (!this.find(d, id)) return null;
    for (let d = this.requiredCount; d < this.list.length; d++) this.find(d, id);
    let bound = 0;
    for (let i = 0; i < this.phraseWords.length; i++) {
      let tf = Infinity;
      for (const d of this.phraseWords[i]!) {
        const block = d < 0 ? null : this.foundBlock[d];
        tf = Math.min(tf, block ? block.tf[this.foundIndex[d]!]! : 0);
      }
      if (tf > 0) bound += this.stats.idf[i]! * impactOf(this.compiled.phrases[i]!.form, tf, words, this.avgdl);
    }
    // Words alone and no NEAR: the bound is the score.
    if (this.simple) return bound;
    if (!reaches(bound, threshold)) return null;
    const exact = new Map<string, number[]>();
    const folded = new Map<string, number[]>();
    this.compiled.phrases.forEach((phrase, i) =>
      phrase.words.forEach((word, k) => {
        const d = this.phraseWords[i]![k]!;
        if (d >= 0 && this.foundBlock[d]) (phrase.form === 'exact' ? exact : folded).set(word, this.positionsOf(d));
      }),
    );
    const passage: PassagePositions = { words, exact, folded };
    return scorePassage(this.compiled, passage, this.stats);
  }

  /**
   * The upper bound of a passage's score from the leading word's posting (its block, index `i`):
   * the leading word's own impact there, every other word at its block's bound.
   */
  leadBound(lead: Directory, block: Block, i: number): number {
    const id = block.ids[i]!;
    const best = this.bestHere;
    for (let d = 0; d < this.list.length; d++) {
      const directory = this.list[d]!;
      if (directory === lead) {
        best[d] = impactOf(directory.form, block.tf[i]!, block.words[i]!, this.avgdl);
        continue;
      }
      const at = firstEndingFrom(directory.blocks, id);
      const bounds = directory.blocks[at];
      best[d] = bounds && bounds.firstId <= id ? directory.bound[at]! : 0;
      if (d < this.requiredCount && best[d] === 0) return 0;
    }
    return this.phrasesBound(best);
  }

  /**
   * The upper bound of a passage's score from the required words' postings (fetched before): their
   * own impacts there, every other word at its block's bound; 0 when a required word is missing.
   */
  requiredBound(id: number, words: number): number {
    const best = this.bestHere;
    for (let d = 0; d < this.list.length; d++) {
      const directory = this.list[d]!;
      if (d < this.requiredCount) {
        if (!this.find(d, id)) return 0;
        best[d] = impactOf(directory.form, this.foundBlock[d]!.tf[this.foundIndex[d]!]!, words, this.avgdl);
        continue;
      }
      const at = firstEndingFrom(directory.blocks, id);
      const bounds = directory.blocks[at];
      best[d] = bounds && bounds.firstId <= id ? directory.bound[at]! : 0;
    }
    return this.phrasesBound(best);
  }

  /** Σ over the phrases of IDF × the smallest bound of its words (`best`: per directory). */
  private phrasesBound(best: Float64Array): number {
    let sum = 0;
    for (let p = 0; p < this.phraseWords.length; p++) {
      let impact = Infinity;
      for (const d of this.phraseWords[p]!) impact = Math.min(impact, d < 0 ? 0 : best[d]!);
      sum += this.stats.idf[p]! * impact;
    }
    return sum;
  }

  /**
   * The upper bound of any passage's score in [from, to]: per phrase, IDF × the smallest of its
   * words' largest block bound there (0 when a required word has no block there).
   */
  bound(from: number, to: number): number {
    const best = new Float64Array(this.list.length);
    for (let d = 0; d < this.list.length; d++) {
      const { blocks, bound } = this.list[d]!;
      let max = 0;
      for (let i = firstEndingFrom(blocks, from); i < blocks.length && blocks[i]!.firstId <= to; i++)
        if (bound[i]! > max) max = bound[i]!;
      if (d < this.requiredCount && max === 0) return 0;
      best[d] = max;
    }
    return this.phrasesBound(best);
  }

  /** A block's postings (fetched before). */
  block(bounds: ReadBlock): Block {
    return bounds.postingsRead!;
  }
}

/** Which kinds an id range covers: [from, to] per run of kinds. */
function kindRanges(kinds: readonly number[]): [number, number][] {
  return [...new Set(kinds)].sort((a, b) => a - b).map((kind) => [kind * KIND_SPAN, (kind + 1) * KIND_SPAN - 1]);
}

function inRanges(ranges: readonly [number, number][], id: number): boolean {
  for (const [a, b] of ranges) if (id >= a && id <= b) return true;
  return false;
}

/**
 * Opens a search over the postings: its words' rows and directories and BM25's statistics. Null
 * when a required word is in no passage (nothing matches).
 */
async function open(postings: Postings, query: EngineQuery, figures: LibraryFigures): Promise<PostingsSearch | null> {
  const compiled = compileQuery(query);
  const keys = [...new Set(compiled.phrases.flatMap((p) => p.words.map((w) => termKey(p.form, w))))];
  const rows = await postings.terms(keys);
  const required = [...new Set(query.required.words.map((w) => termKey(query.required.form, w)))];
  if (required.some((k) => !rows.has(k))) return null;
  const passagesOf = (form: string, word: string) => rows.get(termKey(form as 'exact', word))?.passages ?? 0;
  // A phrase of several words: the fewest passages of its words stand for its own (an upper bound).
  // Such a phrase is only ever a strict search's one phrase, so every score is scaled alike.
  const stats = {
    ...figures,
    idf: compiled.phrases.map((p) => idf(figures.passages, Math.min(...p.words.map((w) => passagesOf(p.form, w))))),
  };
  const avgdl = figures.passages > 0 ? figures.tokens / figures.passages : 1;
  const directories = new Map<TermKey, Directory>();
  for (const [key, term] of rows) {
    const blocks = await postings.bounds(term.id, 0, Number.MAX_SAFE_INTEGER);
    directories.set(key, {
      term,
      form: key[0] === 'e' ? 'exact' : 'folded',
      blocks,
      bound: Float64Array.from(blocks, (b) => boundNow(b.maxImpact, term.avgdl, avgdl)),
      postings: blocks.reduce((n, b) => n + b.postings, 0),
    });
  }
  return new PostingsSearch(postings, compiled, stats, directories, required, query.required);
}

/** Per item, whether the search's conditions allow it; asked for many items at once. */
export type ConditionCheck = (itemKeys: readonly number[]) => Promise<Set<number>>;

/**
 * The page `offset`, `limit` of the items of `kinds` matching the query, best first, with their
 * matching passages, and the counts per kind of every kind (of several words: up to COUNT_LIMIT). `allowed`:
 * the search's conditions (an item they refuse is left out and not counted).
 */
export async function postingsPage(
  postings: Postings,
  query: EngineQuery,
  figures: LibraryFigures,
  options: {
    kinds: readonly number[];
    allKinds: readonly number[];
    offset: number;
    limit: number;
    allowed?: ConditionCheck;
    /** COUNT_LIMIT, smaller in tests. */
    countLimit?: number;
  },
): Promise<PostingsAnswer> {
  const search = await open(postings, query, figures);
  if (!search) return { items: [], counts: new Map(), capped: new Set() };
  const ranges = kindRanges(options.kinds);
  const allowed = options.allowed;
  const want = options.offset + options.limit;
  const lead = search.lead;

  // Each leading block's bound, best first.
  const candidates = lead.blocks
    .filter((b) => ranges.some(([a, z]) => b.lastId >= a && b.firstId <= z))
    .map((b) => ({ block: b, bound: search.bound(b.firstId, b.lastId) }))
    .filter((c) => c.bound > 0)
    .sort((a, b) => b.bound - a.bound || a.block.lastId - b.block.lastId);

  const best = new Map<number, number>();
  // The conditions' answer per item met so far.
  const verdicts = new Map<number, boolean>();
  let threshold = 0;
  let batch = FIRST_BATCH;
  const promising = (bound: number) => best.size < want || reaches(bound, threshold);
  for (let next = 0; next < candidates.length && promising(candidates[next]!.bound);) {
    const group: typeof candidates = [];
    while (group.length < batch && next < candidates.length && promising(candidates[next]!.bound))
      group.push(candidates[next++]!);
    batch = Math.min(LAST_BATCH, batch * 2);
    // The leading blocks first: a passage whose bound with its own leading word's weight cannot
    // reach the page needs none of the other words' blocks.
    const floor = best.size >= want ? threshold : 0;
    await search.fetch(group.map((c) => c.block));
    const kept: { id: number; words: number }[] = [];
    for (const { block: bounds } of group) {
      const block = search.block(bounds);
      for (let i = 0; i < block.size; i++) {
        const id = block.ids[i]!;
        if (!inRanges(ranges, id) || verdicts.get(Math.floor(id / SEQ_SPAN)) === false) continue;
        if (reaches(search.leadBound(lead, block, i), floor)) kept.push({ id, words: block.words[i]! });
      }
    }
    // Then the other required words' blocks, and the optional words' only for the passages their
    // own weights leave in reach.
    await search.fetch(
      search.blocksHolding(
        kept.map((p) => p.id),
        lead,
        true,
      ),
    );
    const close = kept.filter((p) => reaches(search.requiredBound(p.id, p.words), floor));
    await search.fetch(
      search.blocksHolding(
        close.map((p) => p.id),
        lead,
      ),
    );
    const hits: { itemKey: number; score: number }[] = [];
    for (const { id, words } of close) {
      const score = search.score(id, words, floor);
      if (score !== null) hits.push({ itemKey: Math.floor(id / SEQ_SPAN), score });
    }
    if (allowed) {
      const unknown = [...new Set(hits.map((h) => h.itemKey).filter((k) => !verdicts.has(k)))];
      const yes = await allowed(unknown);
      for (const itemKey of unknown) verdicts.set(itemKey, yes.has(itemKey));
    }
    for (const { itemKey, score } of hits)
      if (verdicts.get(itemKey) !== false && score > (best.get(itemKey) ?? -Infinity)) best.set(itemKey, score);
    if (best.size >= want) threshold = [...best.values()].sort((a, b) => b - a)[want - 1]!;
  }

  const page = [...best]
    .map(([itemKey, score]) => ({ itemKey, score }))
    .sort((a, b) => b.score - a.score || a.itemKey - b.itemKey)
    .slice(options.offset, want);
  const items: ItemHit[] = [];
  for (const item of page) items.push({ ...item, passages: await matchingPassages(search, item.itemKey) });
  return {
    items,
    ...(await countItems(postings, search, query, options.allKinds, options.countLimit ?? COUNT_LIMIT, allowed)),
  };
}

/**
 * The item's passages where the required clause matches, up to `limit` (all of them by default:
 * the reader sees the number), its blocks read a few at a time.
 */
async function matchingPassages(search: PostingsSearch, itemKey: number, limit = Infinity): Promise<number> {
  const [from, to] = itemIdRange(itemKey);
  const lead = search.lead;
  const blocks = overlapping(lead.blocks, from, to);
  let n = 0;
  for (let b = 0; b < blocks.length && n < limit; b += LAST_BATCH) {
    const group = blocks.slice(b, b + LAST_BATCH);
    await search.fetch(group.flatMap((g) => [g, ...search.companions(g.firstId, g.lastId, lead, true)]));
    for (const bounds of group) {
      const block = search.block(bounds);
      for (let i = 0; i < block.size && n < limit; i++) {
        const id = block.ids[i]!;
        if (id >= from && id <= to && search.matches(id)) n++;
      }
    }
  }
  return n;
}

/**
 * Whether a search's counts per kind stop at the counting limit: several required words or
 * conditions (their items are counted by walking postings). One word's counts are kept exact.
 */
export function countedUpToLimit(query: EngineQuery, conditions: readonly unknown[]): boolean {
  return query.required.words.length > 1 || conditions.length > 0;
}

/** Exact counts per kind cut at the limit, as a count that walked postings would give them. */
export function capKindCounts(exact: ReadonlyMap<number, number>, limit: number): KindCounts {
  const counts = new Map<number, number>();
  const capped = new Set<number>();
  // In kind order, as the postings count them.
  for (const [kind, n] of [...exact].sort((a, b) => a[0] - b[0])) {
    if (n > 0) counts.set(kind, Math.min(n, limit));
    if (n > limit) capped.add(kind);
  }
  return { counts, capped };
}

/**
 * Items matching the query per kind. One required word: its items per kind, kept by every write.
 * Otherwise the leading word's postings are walked in id order (an item's first match is enough:
 * the rest of the item is skipped), up to `limit` items per kind.
 */
async function countItems(
  postings: Postings,
  search: PostingsSearch,
  query: EngineQuery,
  kinds: readonly number[],
  limit: number,
  allowed?: ConditionCheck,
): Promise<KindCounts> {
  const capped = new Set<number>();
  if (!countedUpToLimit(query, allowed ? [allowed] : [])) {
    // Exact whatever their size: kept by every write.
    const counts = await postings.kindItems(search.directories.get(search.required[0]!)!.term.id);
    return { counts, capped };
  }
  const counts = new Map<number, number>();
  const lead = search.lead;
  for (const [from, to] of kindRanges(kinds)) {
    const kind = splitItemKey(from / SEQ_SPAN).kind;
    let n = 0;
    // Passages from this id on can still add an item (the items before are counted).
    let next = from;
    const blocks = overlapping(lead.blocks, from, to);
    // One item past the limit tells that there are more.
    for (let b = 0; b < blocks.length && n <= limit;) {
      // The next leading blocks that reach past what is counted, read with the other required words'.
      const group: BlockBounds[] = [];
      for (; b < blocks.length && group.length < LAST_BATCH; b++) if (blocks[b]!.lastId >= next) group.push(blocks[b]!);
      await search.fetch(group.flatMap((g) => [g, ...search.companions(g.firstId, g.lastId, lead, true)]));
      const found: number[] = [];
      for (const bounds of group) {
        const block = search.block(bounds);
        for (let i = 0; i < block.size; i++) {
          const id = block.ids[i]!;
          if (id < next || id > to || !search.matches(id)) continue;
          const itemKey = Math.floor(id / SEQ_SPAN);
          next = (itemKey + 1) * SEQ_SPAN;
          found.push(itemKey);
        }
      }
      const yes = allowed ? await allowed(found) : null;
      for (const itemKey of found) if (n <= limit && (!yes || yes.has(itemKey))) n++;
    }
    if (n > 0) counts.set(kind, Math.min(n, limit));
    if (n > limit) capped.add(kind);
  }
  return { counts, capped };
}

/**
 * The items where every clause (a search's condition) matches in some passage: each clause's
 * words' postings in the items' ranges, read for many items at once, a phrase checked from
 * positions. The answers are remembered for the search.
 */
export function conditionCheck(
  postings: Postings,
  conditions: readonly MatchClause[],
  figures: LibraryFigures,
): ConditionCheck {
  const searches = conditions.map((clause) => open(postings, { required: clause, boosts: [] }, figures));
  const known = new Map<number, boolean>();
  return async (itemKeys) => {
    let asked = [...new Set(itemKeys.filter((k) => !known.has(k)))].sort((a, b) => a - b);
    for (const pending of searches) {
      if (asked.length === 0) break;
      const search = await pending;
      const holding = new Set<number>();
      if (search) {
        const lead = search.lead;
        const blocks = [...new Set(asked.flatMap((k) => overlapping(lead.blocks, ...itemIdRange(k))))];
        await search.fetch(blocks.flatMap((g) => [g, ...search.companions(g.firstId, g.lastId, lead, true)]));
        for (const bounds of blocks) {
          const block = search.block(bounds);
          for (let i = 0; i < block.size; i++) {
            const itemKey = Math.floor(block.ids[i]! / SEQ_SPAN);
            if (!holding.has(itemKey) && search.matches(block.ids[i]!)) holding.add(itemKey);
          }
        }
      }
      for (const itemKey of asked) if (!holding.has(itemKey)) known.set(itemKey, false);
      asked = asked.filter((k) => holding.has(k));
    }
    for (const itemKey of asked) known.set(itemKey, true);
    return new Set(itemKeys.filter((k) => known.get(k)));
  };
}
