import type { Repositories } from '#server/repositories/index.ts';

/** Runs `work` in one database transaction, with repositories bound to it (services/index.ts makes it). */
export type Transaction = <T>(work: (repos: Repositories) => Promise<T>) => Promise<T>;

/** What a service that reads and writes content is made from. */
export interface ServiceContext {
  repos: Repositories;
  transaction: Transaction;
}
