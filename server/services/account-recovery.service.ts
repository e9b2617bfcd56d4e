import { PASSWORD_RESET_MINUTES, SITE_NAME } from '#common/constants.ts';
import { RECOVERY_MESSAGES } from '#common/messages.ts';
import { AppError } from '#server/errors.ts';
import { escapeHtml } from '#server/lib/html.ts';
import type { Logger } from '#server/logger.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { Repositories } from '#server/repositories/index.ts';
import type { UserRow } from '#server/repositories/user.repository.ts';
import { type AuthService, hashSecret, newSecret, type RequestMeta, type Session } from './auth.service.ts';
import type { SharedCounters } from './shared-counters.ts';

const LINK_LIFETIME_MS = PASSWORD_RESET_MINUTES * 60 * 1000;
export const RESET_PATH = '/dat-lai-mat-khau';

/** Requests per hour: per address of the asker, and per e-mail asked for (so one inbox is not flooded). */
export const DEFAULT_RECOVERY_LIMITS = { perAddress: 10, perEmail: 3, windowMs: 60 * 60 * 1000 };

export interface AccountRecoveryOptions {
  repos: Repositories;
  auth: AuthService;
  mailer: Mailer;
  logger: Logger;
  /** The site's public origin for the link (services.site.originFor). */
  originFor: (requestUrl: string) => string;
  /** Where the requests are counted, shared by every process (rate_windows, or Redis with REDIS_URL). */
  counters: SharedCounters;
  now?: () => Date;
  limits?: Partial<typeof DEFAULT_RECOVERY_LIMITS>;
}

function resetMail(user: UserRow, link: string) {
  const name = user.display_name || user.username;
  const lines = [
    `Xin chào ${name},`,
    `Có người (mong là chính bạn) vừa yêu cầu đặt lại mật khẩu cho tài khoản “${user.username}” tại ${SITE_NAME}. Để đặt mật khẩu mới, xin mở liên kết sau trong vòng ${PASSWORD_RESET_MINUTES} phút:`,
    link,
    'Liên kết chỉ dùng được một lần. Khi mật khẩu mới được đặt, mọi thiết bị đang đăng nhập tài khoản này sẽ bị đăng xuất.',
    'Nếu bạn không yêu cầu, xin bỏ qua thư này: mật khẩu của bạn vẫn giữ nguyên.',
    `— ${SITE_NAME}`,
  ];
  const html = [
    `<p>${escapeHtml(lines[0]!)}</p>`,
    `<p>${escapeHtml(lines[1]!)}</p>`,
    `<p><a href="${escapeHtml(link)}">Đặt mật khẩu mới</a></p>`,
    `<p style="word-break:break-all">${escapeHtml(link)}</p>`,
    ...lines.slice(3).map((line) => `<p>${escapeHtml(line)}</p>`),
  ].join('\n');
  return {
    to: user.email!,
    subject: `Đặt lại mật khẩu ${SITE_NAME}`,
    text: lines.join('\n\n') + '\n',
    html: `<!doctype html><html lang="vi"><body>\n${html}\n</body></html>\n`,
  };
}

/**
 * "Quên mật khẩu?": a one-time link (256 random bits, only its SHA-256 stored, 30 minutes, taken
 * with one DELETE … RETURNING in the transaction that sets the password) mailed to the account's address. The answer is the same, and as
 * quick, whether or not the address belongs to an account: the mail goes out after the answer.
 */
export function createAccountRecoveryService(options: AccountRecoveryOptions) {
  const { repos, mailer, logger } = options;
  const now = () => options.now?.() ?? new Date();
  const limits = { ...DEFAULT_RECOVERY_LIMITS, ...options.limits };
  /** Counts one request under `key`; false once its window is used up (every process counts together). */
  async function hit(key: string, limit: number): Promise<boolean> {
    const w = await options.counters.hitWindow(key, now().getTime(), limits.windowMs);
    return w.count <= limit;
  }
  const sending = new Set<Promise<void>>();

  async function createLink(user: UserRow, origin: string): Promise<string> {
    const token = newSecret();
    const at = now();
    await repos.sessions.insertPasswordReset({
      user_id: user.id,
      token_hash: hashSecret(token),
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + LINK_LIFETIME_MS).toISOString(),
    });
    return `${origin}${RESET_PATH}?${new URLSearchParams({ token }).toString()}`;
  }

  return {
    /** Whether mail can be sent (SMTP_HOST is set): without it the pages offer no "Quên mật khẩu?". */
    get available(): boolean {
      return mailer.configured;
    },

    /** Mails a reset link when the address belongs to an account; answers the same either way. */
    async requestReset(email: string, meta: RequestMeta, requestUrl: string): Promise<void> {
      if (!mailer.configured) throw new AppError('NOT_FOUND', RECOVERY_MESSAGES.unavailable);
      const address = email.trim().toLowerCase();
      if (
        !(await hit(`recovery-address:${meta.ip}`, limits.perAddress)) ||
        !(await hit(`recovery-email:${address}`, limits.perEmail))
      ) {
        throw new AppError('TOO_MANY_REQUESTS', RECOVERY_MESSAGES.tooMany);
      }
      const user = await repos.users.findByEmail(address);
      if (!user?.email) return;
      const link = await createLink(user, options.originFor(requestUrl));
      const sent = mailer
        .send(resetMail(user, link))
        .catch((error: unknown) => logger.error({ err: error, userId: user.id }, 'password reset mail not sent'))
        .finally(() => sending.delete(sent));
      sending.add(sent);
    },

    /** Resolves when every mail started so far has been handed to the SMTP server (or failed). */
    async mailsSent(): Promise<void> {
      await Promise.all([...sending]);
    },

    /**
     * The command-line path (npm run user:reset-password): a link for the account of this username
     * or e-mail, for the people who run the library to pass on.
     */
    async createLinkFor(nameOrEmail: string, origin: string): Promise<{ link: string; username: string }> {
      const name = nameOrEmail.trim().toLowerCase();
      const user = name.includes('@') ? await repos.users.findByEmail(name) : await repos.users.findByUsername(name);
      if (!user) throw new AppError('NOT_FOUND', 'Không tìm thấy tài khoản này.');
      return { link: await createLink(user, origin), username: user.username };
    },

    /** Whether the link still works (opening the page changes nothing; mail scanners open links). */
    async isLinkLive(token: string): Promise<boolean> {
      if (!token || token.length > 200) return false;
      return Boolean(await repos.sessions.findLivePasswordReset(hashSecret(token), now().toISOString()));
    },

    /**
     * Uses the link, once, to set the new password; every session of the account ends, and the
     * reader gets a new one. The link is taken inside the transaction that sets the password: it is
     * spent only when the password is.
     */
    async resetPassword(token: string, password: string, meta: RequestMeta): Promise<Session> {
      const tokenHash = token.length <= 200 ? hashSecret(token) : null;
      // Looked at first, so that a wrong or expired link costs no password hash.
      const invalidLink = () => new AppError('BAD_REQUEST', RECOVERY_MESSAGES.invalidLink);
      if (!tokenHash || !(await repos.sessions.findLivePasswordReset(tokenHash, now().toISOString()))) {
        throw invalidLink();
      }
      return options.auth.setPasswordAfterReset(
        async (trx) => {
          const row = await trx.sessions.takePasswordReset(tokenHash);
          if (!row || Date.parse(row.expires_at) <= now().getTime()) throw invalidLink();
          return row.user_id;
        },
        password,
        meta,
      );
    },
  };
}

export type AccountRecoveryService = ReturnType<typeof createAccountRecoveryService>;
