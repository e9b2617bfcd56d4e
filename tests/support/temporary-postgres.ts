// @ts-expect-error plain ESM helper without types
import * as temporaryPostgres from '../../scripts/temporary-postgres.mjs';
import { freePort } from './ports.ts';

/** A PostgreSQL cluster of its own in a temporary folder (scripts/temporary-postgres.mjs). */
export interface TemporaryPostgres {
  port: number;
  url: string;
  dir: string;
  stop: () => void;
}

/**
 * Starts a temporary cluster on `port` (a free one unless given): never the machine's shared server.
 * `replicaOf` makes it a streaming replica of another one (pg_basebackup).
 */
export async function startTemporaryPostgres(
  options: { port?: number; replicaOf?: TemporaryPostgres } = {},
): Promise<TemporaryPostgres> {
  const port = options.port ?? (await freePort());
  return (await temporaryPostgres.startTemporaryPostgres({ ...options, port })) as TemporaryPostgres;
}

/** Whether a PostgreSQL server answers at host:port. */
export const answers = temporaryPostgres.answers as (host: string, port: number) => Promise<boolean>;
