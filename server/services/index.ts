import type { Database } from '#server/db/database.ts';
import type { Env } from '#server/env.ts';
import type { Logger } from '#server/logger.ts';
import { createRepositories, type Repositories } from '#server/repositories/index.ts';
import { createDemoImportService } from './demo-import.service.ts';
import { createHomeService } from './home.service.ts';
import type { RandomSource } from './random.ts';
import { createSiteService } from './site.service.ts';

export interface ServiceDeps {
  database: Database;
  env: Env;
  logger: Logger;
  /** Where the demo content lives (data/demo of the project). */
  demoDir: string;
  random?: RandomSource;
}

/** Builds every service once per process. Routes and page loaders reach the rules only through these. */
export function createServices(deps: ServiceDeps) {
  const repos = createRepositories(deps.database.db);
  const transaction = <T>(work: (repos: Repositories) => Promise<T>): Promise<T> =>
    deps.database.db.transaction().execute((trx) => work(createRepositories(trx)));

  const site = createSiteService({ repos, env: deps.env, random: deps.random });
  const home = createHomeService({ repos, site, random: deps.random });
  const demoImport = createDemoImportService({ demoDir: deps.demoDir, logger: deps.logger, transaction });

  return { site, home, demoImport };
}

export type Services = ReturnType<typeof createServices>;
