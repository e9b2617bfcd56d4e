import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url({ message: 'phải là một địa chỉ URL đầy đủ (https://…)' }).optional());

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'phải là true hoặc false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting of the process, with its default. `.env.example` lists the same. */
const ZEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'phải bắt đầu bằng postgres:// hoặc postgresql://')
        .optional(),
    )
    .optional(),
  // A streaming replica of DATABASE_URL (PostgreSQL): anonymous page and API reads may go there;
  // writes, and every read of a reader with a session, go to DATABASE_URL (docs/deploy.md).
  DATABASE_REPLICA_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'phải bắt đầu bằng postgres:// hoặc postgresql://')
        .optional(),
    )
    .optional(),
  // Redis (redis:// or rediss://): when set, every rate limit counts there and content changes are
  // announced there to the other processes (decision 0038); else both go through the database.
  REDIS_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'phải bắt đầu bằng redis:// hoặc rediss://')
        .optional(),
    )
    .optional(),
  MEDIA_DIR: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: optionalUrl.optional(),
  IMPORT_DEMO_CONTENT: flag.default(true),
  // The largest upload the administration accepts (a talk's MP3, a book to import), in megabytes.
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(10_000).default(500),
  // How long a request (headers and body) may take to arrive, uploads excepted (server/lib/server-limits.ts).
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  // Open connections the server keeps at once; more are refused until some close.
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  // On SIGTERM: how long requests and uploads under way may take to finish before their
  // connections are cut (server/http/graceful-shutdown.ts).
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(3_600_000).default(25_000),
  // Prometheus metrics at /metrics for a scraper sending `Authorization: Bearer <token>`; off while empty.
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().min(16, 'cần ít nhất 16 ký tự (một chuỗi ngẫu nhiên)').optional())
    .optional(),
  // Media on S3-compatible object storage instead of MEDIA_DIR (docs/deploy.md, "Many processes"):
  // on while MEDIA_S3_BUCKET is set. ENDPOINT for a server other than AWS (Ceph radosgw, MinIO, …).
  MEDIA_S3_BUCKET: optionalText,
  MEDIA_S3_ENDPOINT: optionalUrl.optional(),
  MEDIA_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  MEDIA_S3_ACCESS_KEY_ID: optionalText,
  MEDIA_S3_SECRET_ACCESS_KEY: optionalText,
  // true: addresses as https://host/bucket/key (most self-hosted servers); false: bucket.host (AWS).
  MEDIA_S3_FORCE_PATH_STYLE: flag.default(true),
  // Keys are <prefix><file>, e.g. "phap-bao/": one bucket may hold several libraries.
  MEDIA_S3_PREFIX: optionalText,
  DICTIONARY_URL: optionalUrl.optional(),
  MONASTERY_URL: optionalUrl.optional(),
  CONTACT_EMAIL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.email({ message: 'phải là một địa chỉ email' }).optional())
    .optional(),
  CONTACT_PHONE: optionalText,
  CONTACT_ADDRESS: optionalText,
  FACEBOOK_URL: optionalUrl.optional(),
  YOUTUBE_URL: optionalUrl.optional(),
  FEEDBACK_URL: optionalUrl.optional(),
  BUG_REPORT_URL: optionalUrl.optional(),
  // Tests only: `service.method:ms[,…]` delays those service calls (server/services/test-delays.ts);
  // honoured when NODE_ENV=test or TEST_HOOKS=true, ignored with a warning otherwise.
  TEST_SLOW_SERVICE: optionalText,
  TEST_HOOKS: flag.default(false),
  TRANSLATOR_FORM_URL: optionalUrl.optional(),
  // Behind a reverse proxy: take the scheme and host from X-Forwarded-Proto / X-Forwarded-Host and
  // the reader's address from X-Forwarded-For (docs/deploy.md).
  TRUST_PROXY: flag.default(false),
  // How many proxies of ours stand in front of the app: the reader's address is the entry that many
  // places from the right of X-Forwarded-For (the client writes the ones to its left).
  TRUSTED_PROXIES: z.coerce.number().int().min(1).max(10).default(1),
  // Login (and, separately, sign-up) attempts one address may make in 15 minutes (SECURITY.md).
  LOGIN_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(30),
  // Social login: a comma-separated list of names, each configured by AUTH_<NAME>_ISSUER,
  // AUTH_<NAME>_CLIENT_ID, AUTH_<NAME>_CLIENT_SECRET and optionally AUTH_<NAME>_LABEL.
  AUTH_PROVIDERS: optionalText,
  // Outgoing mail (account recovery). While SMTP_HOST is empty no mail is sent and the login page
  // offers no "Quên mật khẩu?"; `npm run user:reset-password` prints a link instead.
  SMTP_HOST: optionalText,
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  // true: TLS from the first byte (port 465); false: STARTTLS when the server offers it (587, 25).
  SMTP_SECURE: flag.default(false),
  SMTP_USER: optionalText,
  SMTP_PASSWORD: optionalText,
  // The sender, e.g. "Pháp Bảo <khong-tra-loi@phapbao.org>" (required with SMTP_HOST).
  MAIL_FROM: optionalText,
});

/** The name of every setting the server reads (.env.example lists each: tests/api/deploy-files.test.ts). */
export const ENV_SETTING_NAMES: readonly string[] = Object.keys(ZEnvSchema.shape);

/** Settings of outgoing mail that only make sense together. */
function checkMailSettings(env: z.infer<typeof ZEnvSchema>, problems: string[]) {
  if (!env.SMTP_HOST) return;
  const address = env.MAIL_FROM?.match(/<([^<>]+)>\s*$/)?.[1] ?? env.MAIL_FROM;
  if (!address || !z.email().safeParse(address.trim()).success) {
    problems.push(`MAIL_FROM = ${JSON.stringify(env.MAIL_FROM ?? '')}: cần một địa chỉ gửi thư khi đặt SMTP_HOST`);
  }
  if (env.SMTP_USER && !env.SMTP_PASSWORD) problems.push('SMTP_PASSWORD: cần mật khẩu khi đặt SMTP_USER');
}

/** One OpenID Connect provider for social login. */
export interface AuthProviderConfig {
  name: string;
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const ZAuthProviderSchema = z.object({
  issuer: z.url({ message: 'phải là địa chỉ URL của nhà cung cấp OpenID' }),
  clientId: z.string().trim().min(1, 'không được để trống'),
  clientSecret: z.string().trim().min(1, 'không được để trống'),
  label: z.string().trim().optional(),
});

function readAuthProviders(list: string | undefined, source: Record<string, string | undefined>, problems: string[]) {
  const providers: AuthProviderConfig[] = [];
  for (const raw of (list ?? '')
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean)) {
    if (!/^[a-z0-9-]{2,30}$/.test(raw)) {
      problems.push(`AUTH_PROVIDERS: tên "${raw}" chỉ được gồm chữ thường, số và dấu gạch`);
      continue;
    }
    const prefix = `AUTH_${raw.toUpperCase().replace(/-/g, '_')}_`;
    const parsed = ZAuthProviderSchema.safeParse({
      issuer: source[`${prefix}ISSUER`],
      clientId: source[`${prefix}CLIENT_ID`],
      clientSecret: source[`${prefix}CLIENT_SECRET`],
      label: source[`${prefix}LABEL`] || undefined,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = { issuer: 'ISSUER', clientId: 'CLIENT_ID', clientSecret: 'CLIENT_SECRET', label: 'LABEL' }[
          String(issue.path[0])
        ];
        problems.push(`${prefix}${key}: ${issue.message}`);
      }
      continue;
    }
    const { issuer, clientId, clientSecret, label } = parsed.data;
    providers.push({
      name: raw,
      issuer,
      clientId,
      clientSecret,
      label: label ?? raw.charAt(0).toUpperCase() + raw.slice(1),
    });
  }
  return providers;
}

export type Env = z.infer<typeof ZEnvSchema> & {
  MEDIA_DIR: string;
  DATA_DIR: string;
  authProviders: AuthProviderConfig[];
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Cấu hình không hợp lệ:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Reads and checks the environment; throws EnvError naming every bad setting. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = ZEnvSchema.safeParse(source);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => {
        const name = issue.path.join('.') || '(môi trường)';
        return `${name} = ${JSON.stringify(source[name] ?? '')}: ${issue.message}`;
      });
  const authProviders = readAuthProviders(source.AUTH_PROVIDERS, source, problems);
  if (result.success) checkMailSettings(result.data, problems);
  if (result.success && result.data.DATABASE_REPLICA_URL && !result.data.DATABASE_URL) {
    problems.push('DATABASE_REPLICA_URL: cần DATABASE_URL (máy chủ chính) khi đặt bản sao');
  }
  if (
    result.success &&
    Boolean(result.data.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(result.data.MEDIA_S3_SECRET_ACCESS_KEY)
  ) {
    problems.push('MEDIA_S3_ACCESS_KEY_ID và MEDIA_S3_SECRET_ACCESS_KEY: cần đặt cả hai, hoặc bỏ trống cả hai');
  }
  if (!result.success || problems.length > 0) throw new EnvError(problems);
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    DATA_DIR: dataDir,
    MEDIA_DIR: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    authProviders,
  };
}
