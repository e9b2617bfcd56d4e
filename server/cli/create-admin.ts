/**
 * npm run user:create-admin -- --username NAME
 * Creates the administrator NAME, or promotes that user and sets a new password. The password is
 * asked for (not echoed), or taken from the environment variable ADMIN_PASSWORD for scripts.
 */
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { ZPasswordSchema, ZUsernameSchema } from '#common/contracts/auth.schema.ts';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { EnvError, loadEnv } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
import { openMediaStorage } from '#server/media/open-media-storage.ts';
import { createServices } from '#server/services/index.ts';

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    output._writeToOutput = (s: string) => {
      if (s.startsWith(question)) process.stdout.write(question);
    };
  });
}

async function main() {
  const { values } = parseArgs({ options: { username: { type: 'string' } } });
  const username = ZUsernameSchema.safeParse(values.username ?? '');
  if (!username.success) throw new Error(`--username: ${username.error.issues[0]!.message}`);

  let password = process.env.ADMIN_PASSWORD;
  if (!password) {
    if (!process.stdin.isTTY)
      throw new Error('Đặt mật khẩu qua biến môi trường ADMIN_PASSWORD khi chạy không tương tác.');
    password = await askHidden('Mật khẩu: ');
    if ((await askHidden('Nhập lại mật khẩu: ')) !== password) throw new Error('mật khẩu không khớp');
  }
  const checked = ZPasswordSchema.safeParse(password);
  if (!checked.success) throw new Error(checked.error.issues[0]!.message);

  const env = loadEnv();
  const logger = createLogger('warn');
  const database = openDatabase({
    databaseUrl: env.DATABASE_URL,
    sqlitePath: path.join(env.DATA_DIR, 'phap-bao.sqlite'),
  });
  try {
    await migrateToLatest(database);
    const services = createServices({
      database,
      env,
      logger,
      media: openMediaStorage(env),
      demoDir: path.resolve('data', 'demo'),
    });
    const { user, created } = await services.auth.createOrPromoteAdmin(username.data, checked.data);
    console.log(created ? `Đã tạo quản trị viên "${user.username}".` : `"${user.username}" giờ là quản trị viên.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError || error instanceof Error ? error.message : error);
  process.exit(1);
});
