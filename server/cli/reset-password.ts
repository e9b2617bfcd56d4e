/**
 * npm run user:reset-password -- <username or e-mail>
 * Prints a one-time link (30 minutes) where the reader sets a new password themselves, for a
 * library without SMTP settings, or a reader whose mail does not arrive. The people who run the
 * library pass it on by a channel they trust; nobody but the reader learns the new password.
 * Links are made from PUBLIC_URL (else http://localhost:PORT).
 */
import path from 'node:path';
import { PASSWORD_RESET_MINUTES } from '#common/constants.ts';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { EnvError, loadEnv } from '#server/env.ts';
import { isAppError } from '#server/errors.ts';
import { createLogger } from '#server/logger.ts';
import { openMediaStorage } from '#server/media/open-media-storage.ts';
import { createServices } from '#server/services/index.ts';

async function main() {
  const name = process.argv.slice(2).find((arg) => arg !== '--');
  if (!name || name.length > 254) {
    throw new Error('Cách dùng: npm run user:reset-password -- <tài khoản hoặc email>');
  }
  const env = loadEnv();
  const database = openDatabase({
    databaseUrl: env.DATABASE_URL,
    sqlitePath: path.join(env.DATA_DIR, 'phap-bao.sqlite'),
  });
  try {
    await migrateToLatest(database);
    const services = createServices({
      database,
      env,
      logger: createLogger('warn'),
      media: openMediaStorage(env),
      demoDir: path.resolve('data', 'demo'),
    });
    const origin = services.site.originFor(`http://localhost:${env.PORT}`);
    const { link, username } = await services.accountRecovery.createLinkFor(name, origin);
    console.log(`Liên kết đặt mật khẩu mới cho "${username}" (dùng một lần, trong ${PASSWORD_RESET_MINUTES} phút):`);
    console.log(link);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError || error instanceof Error || isAppError(error) ? error.message : error);
  process.exit(1);
});
