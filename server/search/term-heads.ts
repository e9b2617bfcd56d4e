import { sql } from 'kysely';
import type { Executor } from '#server/db/database.ts';
import { columnWeight, compileQuery, passageWords, type Form } from './bm25.ts';
import { itemKeyOf, splitItemKey } from './passage-id.ts';
import { B, K1 } from './ranking.ts';
import type { EngineQuery, ItemDocument, ItemHit, MatchClause, SearchIndex } from './search-index.ts';

/**
 * The head tier: a one-word search of a common word without ranking every match.
 *
 * For a single word, BM25 is IDF(word) × f(k1+1) / (f + k1(1 − b + b·D/avgdl)) and IDF is the same
 * for every passage: the order is that of the second factor, the passage's *impact* for the word.
 * For each frequent word (exact and folded forms) this keeps, per kind, the items where it weighs
 * most (by their best passage) and how many items hold it, so a search reads a page of rows and
 * a few counts. Everything is written in the transaction that writes the passages; an edit
 * touches only the rows of the item edited.
 *
 * Two rules keep it exact:
 * - `ceiling`: no item left out of the head weighs more than this for the word. A page is served
 *   from the head only when its rows all weigh more than the ceiling of every kind asked for;
 *   otherwise the engine ranks every match, as before. An item added later joins the head when it
 *   weighs more than the ceiling, and counts either way.
 * - avgdl is the library's at the last rebuild (`meta`, with a stamp that tells every process's
 *   writes to re-read the frequent words), for every impact until the next one:
 *   FTS5's own bm25 does not follow deletions either (its totals keep every passage ever
 *   inserted), so neither is "live"; the two agree right after a rebuild. Decision 0018.
 *
 * Words become frequent (get a head) at a rebuild; until then a word's searches are ranked in
 * full, which is correct, only slower.
 */

/** A word is frequent (gets a head) from this many passages, by default. */
export const FREQUENT_PASSAGES = 10_000;
/** Items kept per word and kind: 100 pages of 10. */
export const HEAD_ITEMS = 1_000;
/** Items a bounded page (`TermHeads.bounded`) scores at most before it leaves the search to the full ranking. */
export const BOUNDED_ITEMS = 200;
/** Items scored at a time by a bounded page, best bounds first. */
const BOUNDED_BATCH = 8;
const AVGDL_KEY = 'search_heads_avgdl';
const BATCH = 500;
const FORMS: readonly Form[] = ['exact', 'folded'];

export interface HeadPage {
  /** The page's items, best first (ties by item key). */
  items: ItemHit[];
  /** Items holding the word, per kind (exact). */
  counts: Map<number, number>;
}

export interface TermHeads {
  /**
   * One page of a one-word search from the head, or null when the word has no head or the page
   * reaches below what the head answers exactly.
   */
  page(clause: MatchClause, kinds: readonly number[], offset: number, limit: number): Promise<HeadPage | null>;
  /**
   * One page of a search whose every word is frequent (a word typed with diacritics in broad mode,
   * several words, a phrase) by MaxScore over the heads: the items are scored exactly (the
   * engine's `scoreItems`) in the order of an upper bound of their score read from the heads,
   * until the page's last item beats the bound of every item not yet scored. The counts are the
   * head's for one required word, else the engine's matching items (no ranking). Null when a word
   * has no head, or when that takes more than BOUNDED_ITEMS items or the engine's `scoredPassages`.
   * Decision 0042.
   */
  bounded(query: EngineQuery, kinds: readonly number[], offset: number, limit: number): Promise<HeadPage | null>;
  /** Forgets every head (before a full rebuild: the writes of the rebuild then skip them). */
  clear(): Promise<void>;
  /** Recomputes every head from the passages (after a full index rebuild). */
  rebuild(options?: { frequentPassages?: number; headItems?: number }): Promise<{ words: number; rows: number }>;
}

/** The impact of a word occurring `tf` times in a passage of `length` tokens (both columns). */
export function impactOf(form: Form, tf: number, length: number, avgdl: number): number {
  const f = tf * columnWeight(form);
  return (f * (K1 + 1)) / (f + K1 * (1 - B + (B * length) / avgdl));
}

const keyOf = (form: Form, term: string) => `${form === 'exact' ? 'e' : 'f'}:${term}`;

/** Per word of an item (key `e:word` / `f:word`): its best passage's impact and the passages holding it. */
export function itemImpacts(
  bodies: readonly string[],
  avgdl: number,
  wanted: (key: string) => boolean = () => true,
): Map<string, { impact: number; passages: number }> {
  const out = new Map<string, { impact: number; passages: number }>();
  for (const body of bodies) {
    const words = passageWords(body);
    const length = words.exact.length * 2;
    for (const form of FORMS) {
      const tf = new Map<string, number>();
      for (const word of words[form]) tf.set(word, (tf.get(word) ?? 0) + 1);
      for (const [word, n] of tf) {
        const key = keyOf(form, word);
        if (!wanted(key)) continue;
        const impact = impactOf(form, n, length, avgdl);
        const seen = out.get(key);
        if (!seen) out.set(key, { impact, passages: 1 });
        else {
          seen.passages++;
          if (impact > seen.impact) seen.impact = impact;
        }
      }
    }
  }
  return out;
}

const splitKey = (key: string) => ({ form: key.startsWith('e:') ? 'exact' : 'folded', term: key.slice(2) });

/** Better first: higher impact, then the smaller item key (the service's order). */
const better = (a: { impact: number; itemKey: number }, b: { impact: number; itemKey: number }) =>
  b.impact - a.impact || a.itemKey - b.itemKey;

/**
 * The engine wrapped so that every write keeps the heads in step (same executor, so the same
 * transaction), with `heads` for the reads.
 */
export function withTermHeads(db: Executor, engine: SearchIndex): SearchIndex & { heads: TermHeads } {
  // The words that have a head, read again whenever a rebuild (here or in another process) has
  // written a new stamp: `avgdl|time|random` in meta.
  let headed = new Set<string>();
  let stamp: string | null = null;
  let avgdl = 0;
  async function load() {
    const meta = await db.selectFrom('meta').select('value').where('key', '=', AVGDL_KEY).executeTakeFirst();
    const value = meta?.value ?? '';
    if (value === stamp) return headed;
    const rows = value ? await db.selectFrom('search_term_counts').select(['form', 'term']).distinct().execute() : [];
    headed = new Set(rows.map((r) => keyOf(r.form as Form, r.term)));
    avgdl = Number(value.split('|')[0]) || 0;
    stamp = value;
    return headed;
  }
  async function writeStamp(value: string) {
    await sql`DELETE FROM meta WHERE key = ${AVGDL_KEY}`.execute(db);
    if (value) await db.insertInto('meta').values({ key: AVGDL_KEY, value }).execute();
    stamp = null;
  }

  async function bodiesOf(kind: number, itemId: number): Promise<string[]> {
    const rows = await db
      .selectFrom('search_passages')
      .select('body')
      .where('kind', '=', kind)
      .where('item_id', '=', itemId)
      .execute();
    return rows.map((r) => r.body);
  }

  /** The item's frequent words, by form (a few statements per item, not one per word). */
  function byForm(keys: Iterable<string>): Map<Form, string[]> {
    const out = new Map<Form, string[]>();
    for (const key of keys) {
      const { form, term } = splitKey(key);
      out.set(form as Form, [...(out.get(form as Form) ?? []), term]);
    }
    return out;
  }

  /** Moves the item and passage counts of `words` (one form, one kind) by one item's worth. */
  async function moveCounts(form: Form, words: { term: string; passages: number }[], kind: number, sign: 1 | -1) {
    for (let i = 0; i < words.length; i += BATCH) {
      const values = sql.join(words.slice(i, i + BATCH).map((w) => sql`(${w.term}, ${w.passages})`));
      // VALUES columns are column1, column2 on both engines.
      await sql`UPDATE search_term_counts
        SET items = items + ${sign}, passages = passages + ${sign} * CAST(v.column2 AS INTEGER)
        FROM (VALUES ${values}) AS v
        WHERE search_term_counts.form = ${form} AND search_term_counts.kind = ${kind}
          AND search_term_counts.term = v.column1`.execute(db);
    }
  }

  const wordsOf = (impacts: Map<string, { passages: number }>, form: Form, terms: string[]) =>
    terms.map((term) => ({ term, passages: impacts.get(keyOf(form, term))!.passages }));

  /** Takes an item out of the heads and the counts (before its passages go). */
  async function forget(kind: number, itemId: number) {
    const words = await load();
    if (words.size === 0) return;
    const impacts = itemImpacts(await bodiesOf(kind, itemId), avgdl, (k) => words.has(k));
    await db.deleteFrom('search_term_heads').where('item_key', '=', itemKeyOf(kind, itemId)).execute();
    for (const [form, terms] of byForm(impacts.keys())) await moveCounts(form, wordsOf(impacts, form, terms), kind, -1);
  }

  /** Counts an item's words and lists it where it weighs more than the ceiling. */
  async function learn(document: ItemDocument) {
    const words = await load();
    if (words.size === 0 || document.passages.length === 0) return;
    const { kind } = document;
    const itemKey = itemKeyOf(kind, document.itemId);
    const impacts = itemImpacts(
      document.passages.map((p) => p.body),
      avgdl,
      (k) => words.has(k),
    );
    for (const [form, terms] of byForm(impacts.keys())) {
      const ceilings = new Map<string, number>();
      for (let i = 0; i < terms.length; i += BATCH) {
        const rows = await db
          .selectFrom('search_term_counts')
          .select(['term', 'ceiling'])
          .where('form', '=', form)
          .where('kind', '=', kind)
          .where('term', 'in', terms.slice(i, i + BATCH))
          .execute();
        for (const r of rows) ceilings.set(r.term, Number(r.ceiling));
      }
      await moveCounts(
        form,
        wordsOf(
          impacts,
          form,
          terms.filter((t) => ceilings.has(t)),
        ),
        kind,
        1,
      );
      // A frequent word new to this kind: every item of the kind (this one) is listed.
      const missing = terms.filter((t) => !ceilings.has(t));
      for (let i = 0; i < missing.length; i += BATCH)
        await db
          .insertInto('search_term_counts')
          .values(
            wordsOf(impacts, form, missing.slice(i, i + BATCH)).map((w) => ({
              form,
              term: w.term,
              kind,
              items: 1,
              passages: w.passages,
              ceiling: 0,
            })),
          )
          .execute();
      const listed = terms
        .map((term) => ({ term, ...impacts.get(keyOf(form, term))! }))
        .filter((w) => w.impact > (ceilings.get(w.term) ?? 0));
      for (let i = 0; i < listed.length; i += BATCH)
        await db
          .insertInto('search_term_heads')
          .values(
            listed
              .slice(i, i + BATCH)
              .map((w) => ({ form, term: w.term, kind, item_key: itemKey, impact: w.impact, passages: w.passages })),
          )
          .execute();
    }
  }

  /**
   * Writes the length of passages that have none (written before lengths were kept: the
   * transcripts a rebuild keeps), so that the library's totals can be recounted.
   */
  async function fillLengths() {
    for (let after = -1; ;) {
      const rows = await db
        .selectFrom('search_passages')
        .select(['id', 'body'])
        .where('tokens', '=', 0)
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) return;
      for (const row of rows) {
        const words = passageWords(row.body).exact.length;
        if (words > 0)
          await db.updateTable('search_passages').set({ tokens: words }).where('id', '=', row.id).execute();
      }
      after = Number(rows[rows.length - 1]!.id);
    }
  }

  const heads: TermHeads = {
    async page(clause, kinds, offset, limit) {
      if (clause.words.length !== 1 || kinds.length === 0) return null;
      const term = clause.words[0]!;
      const counts = await db
        .selectFrom('search_term_counts')
        .select(['kind', 'items', 'ceiling'])
        .where('form', '=', clause.form)
        .where('term', '=', term)
        .execute();
      if (counts.length === 0) return null;
      const ceiling = Math.max(0, ...counts.filter((c) => kinds.includes(c.kind)).map((c) => Number(c.ceiling)));
      const want = offset + limit;
      const rows = await db
        .selectFrom('search_term_heads')
        .select(['item_key', 'impact', 'passages'])
        .where('form', '=', clause.form)
        .where('term', '=', term)
        .where('kind', 'in', [...kinds])
        .where('impact', '>', ceiling)
        .orderBy('impact', 'desc')
        .orderBy('item_key')
        .limit(want)
        .execute();
      // Fewer rows than the page needs while items are left out: the head cannot answer it.
      if (rows.length < want && ceiling > 0) return null;
      return {
        items: rows.slice(offset).map((r) => ({
          itemKey: Number(r.item_key),
          score: Number(r.impact),
          passages: Number(r.passages),
        })),
        counts: new Map(counts.map((c) => [Number(c.kind), Number(c.items)])),
      };
    },

    async bounded(query, kinds, offset, limit) {
      if (kinds.length === 0) return null;
      const compiled = compileQuery(query);
      await load();
      const builtWith = avgdl;
      if (!(builtWith > 0)) return null;
      const keys = [...new Set(compiled.phrases.flatMap((p) => p.words.map((w) => keyOf(p.form, w))))];
      const requiredKey =
        query.required.words.length === 1 ? keyOf(query.required.form, query.required.words[0]!) : null;

      // Per word: its ceiling per kind (0 where no item of the kind holds it) and its head's items.
      const ceilings = new Map<string, Map<number, number>>();
      const best = new Map<string, Map<number, number>>();
      // An item's matching passages are at most its fewest of any word's (from the heads).
      const passagesOf = new Map<number, number>();
      let required: { kind: number; items: number }[] = [];
      for (const key of keys) {
        const { form, term } = splitKey(key);
        const counts = await db
          .selectFrom('search_term_counts')
          .select(['kind', 'items', 'ceiling'])
          .where('form', '=', form)
          .where('term', '=', term)
          .execute();
        if (counts.length === 0) return null;
        ceilings.set(key, new Map(counts.map((c) => [Number(c.kind), Number(c.ceiling)])));
        if (key === requiredKey) required = counts.map((c) => ({ kind: Number(c.kind), items: Number(c.items) }));
      }
      // Every word has a head: read them.
      for (const key of keys) {
        const { form, term } = splitKey(key);
        const rows = await db
          .selectFrom('search_term_heads')
          .select(['item_key', 'impact', 'passages'])
          .where('form', '=', form)
          .where('term', '=', term)
          .where('kind', 'in', [...kinds])
          .execute();
        best.set(key, new Map(rows.map((r) => [Number(r.item_key), Number(r.impact)])));
        for (const r of rows) {
          const itemKey = Number(r.item_key);
          passagesOf.set(itemKey, Math.min(passagesOf.get(itemKey) ?? Infinity, Number(r.passages)));
        }
      }

      // The heads' impacts were computed with the average length of their rebuild; the engine
      // scores with its own now. An impact f(k1+1)/(f + k1·L) with L = 1 − b + b·D/avgdl: when
      // avgdl grew by 1/r, L shrinks by at most r, so an impact ≤ c then is ≤ bound(c) now.
      const stats = await engine.rankingStatistics(query);
      const now = stats.passages > 0 ? stats.tokens / stats.passages : builtWith;
      const r = Math.min(1, builtWith / now);
      const bound = (c: number) => (c <= 0 ? 0 : (K1 + 1) / (1 + r * ((K1 + 1) / c - 1)));
      // A phrase occurs in a passage at most as often as each of its words: its impact there is at
      // most the smallest of its words' (the same column, the same length).
      const phraseKeys = compiled.phrases.map((p) => p.words.map((w) => keyOf(p.form, w)));
      const upper = (itemKey: number | null, kind: number) =>
        phraseKeys.reduce((sum, words, i) => {
          const impact = Math.min(
            ...words.map(
              (key) =>
                (itemKey !== null ? best.get(key)!.get(itemKey) : undefined) ?? ceilings.get(key)!.get(kind) ?? 0,
            ),
          );
          return sum + stats.idf[i]! * bound(impact);
        }, 0);
      // Every item outside all the heads weighs at most its kind's ceilings.
      const outside = Math.max(0, ...kinds.map((kind) => upper(null, kind)));
      const candidates = [...new Set([...best.values()].flatMap((m) => [...m.keys()]))]
        .map((itemKey) => ({ itemKey, upper: upper(itemKey, splitItemKey(itemKey).kind) }))
        .filter((c) => c.upper > 0)
        .sort((a, b) => b.upper - a.upper || a.itemKey - b.itemKey);

      const want = offset + limit;
      const scored: ItemHit[] = [];
      let spent = 0;
      // A margin for rounding: a page is served only when its last item is clearly above every bound.
      const above = (score: number, limitScore: number) =>
        score > limitScore + 1e-9 * Math.max(1, Math.abs(limitScore));
      for (let next = 0; ;) {
        const rest = Math.max(outside, candidates[next]?.upper ?? 0);
        const last = scored[want - 1];
        if (last && above(last.score, rest)) break;
        if (next >= candidates.length) {
          // Every item that could match was scored: the page is what there is.
          if (outside <= 0) break;
          return null;
        }
        if (next >= BOUNDED_ITEMS) return null;
        if (last) {
          // Scored the best bounds first, the page's last score seldom rises much: when the items
          // outside the heads, or more items than are left to score, could still beat it, the
          // full ranking is cheaper than going on (either way the answer is exact).
          const unresolved = candidates.slice(next).filter((c) => c.upper >= last.score).length;
          if (outside >= last.score || next + unresolved > BOUNDED_ITEMS) return null;
        }
        const batch = candidates.slice(next, next + BOUNDED_BATCH).map((c) => c.itemKey);
        spent += batch.reduce((n, itemKey) => n + passagesOf.get(itemKey)!, 0);
        // Beyond what the engine scores cheaply (long books among the best), rank in full.
        if (spent > engine.scoredPassages) return null;
        next += batch.length;
        scored.push(...(await engine.scoreItems(query, batch, stats)));
        scored.sort((a, b) => b.score - a.score || a.itemKey - b.itemKey);
      }
      if (requiredKey === null) {
        // Several words: the items they match, counted without ranking them.
        const perKind = new Map<number, number>();
        for (const itemKey of await engine.matchingItems(query.required)) {
          const { kind } = splitItemKey(itemKey);
          perKind.set(kind, (perKind.get(kind) ?? 0) + 1);
        }
        required = [...perKind].map(([kind, items]) => ({ kind, items }));
      }
      return {
        items: scored.slice(offset, want),
        counts: new Map(required.map((c) => [c.kind, c.items])),
      };
    },

    async clear() {
      await db.deleteFrom('search_term_heads').execute();
      await db.deleteFrom('search_term_counts').execute();
      await writeStamp('');
    },

    async rebuild(options = {}) {
      const frequent = options.frequentPassages ?? FREQUENT_PASSAGES;
      const keep = options.headItems ?? HEAD_ITEMS;
      await db.deleteFrom('search_term_heads').execute();
      await db.deleteFrom('search_term_counts').execute();
      await fillLengths();
      await engine.recountTotals();

      /** Every passage in id order (items one after another), in batches. */
      async function* passages() {
        let after = -1;
        for (;;) {
          const rows = await db
            .selectFrom('search_passages')
            .select(['id', 'kind', 'item_id', 'body'])
            .where('id', '>', after)
            .orderBy('id')
            .limit(5_000)
            .execute();
          if (rows.length === 0) return;
          yield* rows;
          after = Number(rows[rows.length - 1]!.id);
        }
      }

      // 1. The library's average length and its frequent words, from the engine's own index.
      const stats = await engine.wordStatistics(frequent);
      const wanted = new Set(stats.frequent.map((w) => keyOf(w.form, w.term)));
      avgdl = stats.passages === 0 ? 0 : stats.tokens / stats.passages;
      await writeStamp(wanted.size === 0 ? '' : `${avgdl}|${Date.now()}|${Math.random().toString(36).slice(2)}`);
      if (wanted.size === 0) return { words: 0, rows: 0 };

      // 2. Per item, each frequent word's best impact: counted, and kept if among the best.
      type Entry = { impact: number; itemKey: number; passages: number };
      const lists = new Map<
        string,
        { kind: number; items: number; passages: number; ceiling: number; entries: Entry[] }
      >();
      const trim = (list: { ceiling: number; entries: Entry[] }) => {
        list.entries.sort(better);
        for (const dropped of list.entries.splice(keep)) list.ceiling = Math.max(list.ceiling, dropped.impact);
      };
      const flush = (kind: number, itemKey: number, bodies: string[]) => {
        for (const [key, { impact, passages: n }] of itemImpacts(bodies, avgdl, (k) => wanted.has(k))) {
          const listKey = `${kind}|${key}`;
          let list = lists.get(listKey);
          if (!list) lists.set(listKey, (list = { kind, items: 0, passages: 0, ceiling: 0, entries: [] }));
          list.items++;
          list.passages += n;
          list.entries.push({ impact, itemKey, passages: n });
          if (list.entries.length >= keep * 2) trim(list);
        }
      };
      let current: { kind: number; itemKey: number; bodies: string[] } | null = null;
      for await (const row of passages()) {
        const itemKey = itemKeyOf(Number(row.kind), Number(row.item_id));
        if (current && current.itemKey !== itemKey) flush(current.kind, current.itemKey, current.bodies);
        if (!current || current.itemKey !== itemKey) current = { kind: Number(row.kind), itemKey, bodies: [] };
        current.bodies.push(row.body);
      }
      if (current) flush(current.kind, current.itemKey, current.bodies);

      // 3. Written in batches.
      let written = 0;
      const counts: { form: string; term: string; kind: number; items: number; passages: number; ceiling: number }[] =
        [];
      let heads: {
        form: string;
        term: string;
        kind: number;
        item_key: number;
        impact: number;
        passages: number;
      }[] = [];
      for (const [listKey, list] of lists) {
        trim(list);
        const { form, term } = splitKey(listKey.slice(listKey.indexOf('|') + 1));
        counts.push({ form, term, kind: list.kind, items: list.items, passages: list.passages, ceiling: list.ceiling });
        for (const e of list.entries)
          heads.push({ form, term, kind: list.kind, item_key: e.itemKey, impact: e.impact, passages: e.passages });
        if (heads.length >= BATCH) {
          written += heads.length;
          await db.insertInto('search_term_heads').values(heads).execute();
          heads = [];
        }
      }
      if (heads.length > 0) {
        written += heads.length;
        await db.insertInto('search_term_heads').values(heads).execute();
      }
      for (let i = 0; i < counts.length; i += BATCH)
        await db
          .insertInto('search_term_counts')
          .values(counts.slice(i, i + BATCH))
          .execute();
      return { words: wanted.size, rows: written };
    },
  };

  return {
    ...engine,
    heads,
    async replaceItem(document) {
      await forget(document.kind, document.itemId);
      await engine.replaceItem(document);
      await learn(document);
    },
    async removeItem(kind, itemId) {
      await forget(kind, itemId);
      await engine.removeItem(kind, itemId);
    },
    async clearKind(kind) {
      await db.deleteFrom('search_term_heads').where('kind', '=', kind).execute();
      await db
        .updateTable('search_term_counts')
        .set({ items: 0, passages: 0, ceiling: 0 })
        .where('kind', '=', kind)
        .execute();
      await engine.clearKind(kind);
    },
  };
}
