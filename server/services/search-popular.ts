import { createHash, randomBytes } from 'node:crypto';
import { toExactForm } from '#common/text/vietnamese.ts';
import type { Logger } from '#server/logger.ts';
import type { Repositories } from '#server/repositories/index.ts';

/*
 * "Most searched": each query counted once per client and day, under a key that names no one
 * (a salted hash), and shown only once more than one client searched it.
 */

// Clients already counted today for a query, remembered so a repeat writes nothing.
const COUNTED_CLIENTS_SIZE = 50_000;
// A query must be searched this often before "most searched" shows it (one person's typo stays private).
const POPULAR_MIN_COUNT = 2;
// Queries longer than this are not counted for "most searched" (passages pasted in are not topics).
const POPULAR_MAX_LENGTH = 80;

/** Who searched, for counting each client once a query a day: the account, else the address. */
export interface SearchClient {
  userId?: number | null;
  ip?: string | null;
}

export function createPopularSearches(deps: { repos: Repositories; logger: Logger; now: () => Date }) {
  const { repos, logger, now } = deps;
  const countedClients = new Set<string>();

  // A salt of the process, new each day: a stored key names no address, and yesterday's keys
  // match nothing today.
  let salt = { day: '', value: '' };
  function clientKeyOf(client: SearchClient, day: string): string {
    if (salt.day !== day) salt = { day, value: randomBytes(32).toString('hex') };
    const who = client.userId ? `user:${client.userId}` : `ip:${client.ip ?? 'unknown'}`;
    return createHash('sha256').update(`${salt.value}\n${day}\n${who}`).digest('hex');
  }

  async function recordQuery(query: string, client: SearchClient) {
    const normalized = toExactForm(query).replace(/\s+/g, ' ').trim();
    if (normalized.length > POPULAR_MAX_LENGTH) return;
    try {
      const at = now();
      const day = at.toISOString().slice(0, 10);
      if (salt.day !== day) {
        await repos.searchQueries.forgetClientsBefore(day);
        countedClients.clear();
      }
      // One client repeating a query counts once a day (remembered here, so a repeat writes nothing).
      const clientKey = clientKeyOf(client, day);
      const memo = `${day}\n${normalized}\n${clientKey}`;
      if (countedClients.has(memo)) return;
      if (countedClients.size >= COUNTED_CLIENTS_SIZE) countedClients.delete(countedClients.values().next().value!);
      countedClients.add(memo);
      if (!(await repos.searchQueries.markClient(day, normalized, clientKey))) return;
      await repos.searchQueries.record(normalized, at.toISOString());
    } catch (error) {
      // Counting is a courtesy: a failure must not cost the reader their results.
      logger.warn({ err: error }, 'could not count a search query');
    }
  }

  return {
    recordQuery,
    /** The most searched queries (aggregate counts only), most first. */
    async popularQueries(limit: number) {
      return repos.searchQueries.listTop(limit, POPULAR_MIN_COUNT);
    },
  };
}
