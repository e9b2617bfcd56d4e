import { AsyncLocalStorage } from 'node:async_hooks';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * Reads on a streaming replica (DATABASE_REPLICA_URL, docs/decisions/0029). A request marked
 * with `readFromReplica` (server/http/replica-reads.ts: anonymous GET and HEAD only) sends its
 * plain SELECTs to the replica; everything else goes to the primary: writes, transactions (from
 * their BEGIN to their end), and every query of a request that carries a session — so a reader
 * always reads on the server they wrote to, and never sees their own write disappear. A SELECT
 * the replica fails (it is down, or cancelled a query during replay) runs again on the primary.
 */
const replicaAllowed = new AsyncLocalStorage<boolean>();

/** Runs `work` with its plain reads allowed on the replica. */
export function readFromReplica<T>(work: () => T): T {
  return replicaAllowed.run(true, work);
}

const PLAIN_READ = /^\s*select\b/i;
const BEGIN = /^\s*(begin|start transaction)\b/i;
const END = /^\s*(commit|rollback)\b/i;

/** What Kysely's PostgresDialect asks of a pool, sending each query to the primary or the replica. */
export function createRoutingPool(
  primary: pg.Pool,
  replica: pg.Pool,
  onReplicaError?: (error: unknown) => void,
): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      let client: pg.PoolClient | null = null;
      let inTransaction = false;
      const onPrimary = async () => (client ??= await primary.connect());
      async function run<R>(text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
        if (BEGIN.test(text)) inTransaction = true;
        else if (END.test(text)) inTransaction = false;
        else if (!inTransaction && !client && replicaAllowed.getStore() && PLAIN_READ.test(text)) {
          try {
            return (await replica.query(text, [...parameters])) as unknown as PostgresQueryResult<R>;
          } catch (error) {
            onReplicaError?.(error);
          }
        }
        return (await (await onPrimary()).query(text, [...parameters])) as unknown as PostgresQueryResult<R>;
      }
      return {
        query: ((textOrCursor: unknown, parameters?: readonly unknown[]) => {
          if (typeof textOrCursor === 'string') return run(textOrCursor, parameters ?? []);
          // Kysely's stream() hands a cursor and wants it back at once: nothing here streams.
          throw new Error('streamed queries are not routed between primary and replica');
        }) as PostgresPoolClient['query'],
        release() {
          client?.release();
          client = null;
        },
      };
    },
    async end() {
      await Promise.all([primary.end(), replica.end()]);
    },
  };
}
