/**
 * How search ranks, in one place: the weights both engines use and the version of the whole rule.
 *
 * Every stored or remembered answer is keyed by `SEARCH_RANKING_VERSION` (with the index's
 * generation): answers ranked by an older rule are never served after a deploy that changes it.
 */

/**
 * Bump when anything that orders results changes (a weight below, BM25's constants, the engines'
 * score expressions, how the service sorts). Stored answers of other versions are then ignored.
 */
// 1: BM25 (k1 1.2, b 0.75), exact column ×2, NEAR 8; items by their best passage, ties by item key.
// 2: broad mode: a passage must hold every word (the SQLite engine also counted passages with only
//    one word written with the reader's diacritics, PostgreSQL did not).
// 3: PostgreSQL past 5,000 matching passages: the items re-ranked by BM25 are chosen by BM25 counted
//    word by word in SQL (was ts_rank_cd), among the items the conditions allow (decision 0037).
// 4: searches of the library ranked from the postings index (decision 0047); a phrase of several
//    words takes its rarest word's passages for BM25's n (scores scaled, the order is BM25's).
export const SEARCH_RANKING_VERSION = '4';

/** BM25's constants (as FTS5's bm25()). */
export const K1 = 1.2;
export const B = 0.75;
/** Column weights: a match with the reader's own diacritics counts more. */
export const EXACT_WEIGHT = 2;
export const FOLDED_WEIGHT = 1;
/** Words within this distance count as "near each other" in the broad mode's boost. */
export const NEAR_DISTANCE = 8;
