import crypto from 'node:crypto';
import { hash as hashPassword, verify as verifyPassword } from '@node-rs/argon2';
import { SESSION_IDLE_DAYS, TOKEN_LIFETIME_SECONDS } from '#common/constants.ts';
import type { LoginRequest, RegisterRequest, User, UserRole } from '#common/contracts/auth.schema.ts';
import { ERROR_MESSAGES, VALIDATION_MESSAGES } from '#common/messages.ts';
import { normalizeText } from '#common/text/vietnamese.ts';
import { AppError } from '#server/errors.ts';
import { isFreshLoginOf } from '#server/policies/account.policy.ts';
import { requireAdmin } from '#server/policies/require.policy.ts';
import { presentUser } from '#server/presenters/user.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';
import type { SessionRow } from '#server/repositories/session.repository.ts';
import type { UserRow } from '#server/repositories/user.repository.ts';
import { createDatabaseCounters, isCountersUnavailable, type SharedCounters } from './shared-counters.ts';
import { createLoginThrottle, DEFAULT_LOGIN_THROTTLE, type LoginThrottleOptions } from './login-throttle.ts';

/** Who is asking, for rate limits and the session list. */
export interface RequestMeta {
  ip: string;
  userAgent?: string | null;
  /** The browser's login-device secret (pages only): a known device skips the account's delay. */
  deviceToken?: string | null;
}

export interface Session {
  token: string;
  user: User;
}

/** The claims of a verified OpenID Connect login. */
export interface SocialClaims {
  provider: string;
  subject: string;
  email?: string | null;
  emailVerified?: boolean;
  name?: string | null;
}

const WRONG_CREDENTIALS = 'Tài khoản hoặc mật khẩu không đúng.';
const WRONG_CURRENT_PASSWORD = 'Mật khẩu hiện tại không đúng.';
const LOGIN_CODE_EXPIRED = 'Phiên đăng nhập đã hết hạn, xin đăng nhập lại.';
const LOGIN_CODE_OTHER_BROWSER =
  'Liên kết đăng nhập này chỉ dùng được trên trình duyệt đã bắt đầu đăng nhập. Xin đăng nhập lại từ đầu.';
const LOGIN_NOT_FRESH =
  'Để xóa tài khoản, xin đăng xuất rồi đăng nhập lại bằng dịch vụ bạn đã dùng (Google, Facebook…), rồi xóa trong vòng 10 phút.';
const LOGIN_CODE_LIFETIME_MS = 2 * 60 * 1000;
// Sessions are touched at most this often, so reading pages does not write on every request.
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;
const IDLE_LIMIT_MS = SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000;

/** Tokens are 256 random bits; only their SHA-256 is stored. */
export function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' || /UNIQUE constraint failed/.test(e?.message ?? '') || e?.code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

export interface AuthServiceOptions {
  repos: Repositories;
  transaction: <T>(work: (repos: Repositories) => Promise<T>) => Promise<T>;
  now?: () => Date;
  /** Where the login counts are shared between processes (the database's rate_windows by default). */
  counters?: SharedCounters;
  /** Attempts per address and wrong passwords per account before the delay (tests lower or raise them). */
  loginThrottle?: Pick<LoginThrottleOptions, 'perIp' | 'windowMs' | 'freeFailures'>;
}

/**
 * Accounts and sessions: sign-up, login (username or e-mail), tokens, social login, roles.
 * Passwords are argon2id hashes; a wrong login never says which part was wrong.
 */
export function createAuthService(options: AuthServiceOptions) {
  const { repos } = options;
  const now = () => options.now?.() ?? new Date();
  const throttle = createLoginThrottle({
    ...(options.loginThrottle ?? DEFAULT_LOGIN_THROTTLE),
    windows: options.counters ?? createDatabaseCounters(repos.rateWindows),
    now: () => now().getTime(),
  });
  // Verifying against a real hash when the user does not exist keeps both answers equally slow.
  const dummyHash = hashPassword(newSecret());

  /** The hash of a device secret that has the shape of one, else null. */
  function deviceHashOf(deviceToken: string | null | undefined): string | null {
    return deviceToken && /^[A-Za-z0-9_-]{43}$/.test(deviceToken) ? hashSecret(deviceToken) : null;
  }

  async function startSession(user: UserRow, meta: RequestMeta | null): Promise<Session> {
    const token = newSecret();
    const at = now();
    await repos.sessions.insert({
      user_id: user.id,
      token_hash: hashSecret(token),
      created_at: at.toISOString(),
      last_used_at: at.toISOString(),
      expires_at: new Date(at.getTime() + TOKEN_LIFETIME_SECONDS * 1000).toISOString(),
      user_agent: meta?.userAgent?.slice(0, 300) ?? null,
      revoked_at: null,
    });
    return { token, user: presentUser(user) };
  }

  /** The live session of a token: not revoked, within its year, and used in the last SESSION_IDLE_DAYS. */
  function findLiveSession(token: string, at: Date): Promise<SessionRow | null> {
    return repos.sessions.findActiveByHash(
      hashSecret(token),
      at.toISOString(),
      new Date(at.getTime() - IDLE_LIMIT_MS).toISOString(),
    );
  }

  async function requireUserRow(userId: number): Promise<UserRow> {
    const user = await repos.users.findById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    return user;
  }

  return {
    async register(input: RegisterRequest, meta: RequestMeta): Promise<Session> {
      const username = input.username.toLowerCase();
      const email = input.email.toLowerCase();
      await throttle.requireAddressAllowed('register', meta.ip);
      const conflicts: Record<string, string> = {};
      if (await repos.users.findByUsername(username)) conflicts.username = 'Tên tài khoản này đã có người dùng.';
      if (await repos.users.findByEmail(email)) conflicts.email = 'Email này đã được dùng cho một tài khoản khác.';
      if (Object.keys(conflicts).length > 0) throw new AppError('CONFLICT', 'Tài khoản đã tồn tại.', conflicts);
      const at = now().toISOString();
      try {
        const user = await repos.users.insert({
          username,
          email,
          display_name: input.username,
          password_hash: await hashPassword(input.password),
          avatar: null,
          role: 'reader',
          email_verified_at: null,
          created_at: at,
          updated_at: at,
        });
        return await startSession(user, meta);
      } catch (error) {
        // Two sign-ups racing for the same name: the unique index decides.
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'Tài khoản đã tồn tại.');
        throw error;
      }
    },

    async login(input: LoginRequest, meta: RequestMeta): Promise<Session> {
      const name = input.username.toLowerCase();
      // The address first: once it is refused, nothing else is looked up or remembered.
      await throttle.requireAddressAllowed('login', meta.ip);
      const user = name.includes('@') ? await repos.users.findByEmail(name) : await repos.users.findByUsername(name);
      // One count per account, whether the username or the e-mail was typed.
      const accountKey = user ? `user:${user.id}` : `name:${name}`;
      const deviceHash = user ? deviceHashOf(meta.deviceToken) : null;
      const knownDevice = user && deviceHash ? await repos.sessions.isKnownDevice(user.id, deviceHash) : false;
      if (!knownDevice) await throttle.requireAccountAllowed(accountKey);
      const ok = user?.password_hash
        ? await verifyPassword(user.password_hash, input.password)
        : (await verifyPassword(await dummyHash, input.password), false);
      if (!user || !ok) {
        await throttle.recordFailure(accountKey);
        throw new AppError('UNAUTHENTICATED', WRONG_CREDENTIALS);
      }
      await throttle.recordSuccess(accountKey);
      return startSession(user, meta);
    },

    /**
     * Remembers the browser as one that has logged in to the account. Returns a new device secret
     * for its cookie when it had none (or a malformed one), else null.
     */
    async rememberDevice(userId: number, deviceToken: string | null | undefined): Promise<string | null> {
      const at = now().toISOString();
      const existingHash = deviceHashOf(deviceToken);
      if (existingHash && (await repos.sessions.isKnownDevice(userId, existingHash))) {
        await repos.sessions.touchDevice(userId, existingHash, at);
        return null;
      }
      const secret = existingHash ? deviceToken! : newSecret();
      await repos.sessions.insertDevice({
        user_id: userId,
        device_hash: hashSecret(secret),
        created_at: at,
        last_used_at: at,
      });
      return existingHash ? null : secret;
    },

    /** How many addresses and accounts the login throttle counts in the shared store (tests, the flood bench). */
    loginThrottleSizes(): Promise<{ addresses: number; accounts: number }> {
      return throttle.sizes();
    },

    /** The user of a token, or null when it is missing, unknown, expired, idle too long or revoked. */
    async authenticate(token: string | null | undefined): Promise<User | null> {
      if (!token || token.length > 200) return null;
      const at = now();
      const session = await findLiveSession(token, at);
      if (!session) return null;
      const user = await repos.users.findById(session.user_id);
      if (!user) return null;
      if (at.getTime() - Date.parse(session.last_used_at) > TOUCH_INTERVAL_MS) {
        await repos.sessions.touch(session.id, at.toISOString());
      }
      return presentUser(user);
    },

    async requireUser(token: string | null | undefined): Promise<User> {
      const user = await this.authenticate(token);
      if (!user) throw new AppError('UNAUTHENTICATED');
      return user;
    },

    async logout(token: string): Promise<void> {
      await repos.sessions.revokeByHash(hashSecret(token), now().toISOString());
    },

    /** Logs out every device; `keepToken` (the one in use) may stay logged in. */
    async logoutEverywhere(userId: number, keepToken?: string): Promise<number> {
      return repos.sessions.revokeAllOfUser(userId, now().toISOString(), keepToken ? hashSecret(keepToken) : undefined);
    },

    async updateDisplayName(userId: number, displayName: string): Promise<User> {
      const user = await repos.users.update(userId, {
        display_name: normalizeText(displayName).trim(),
        updated_at: now().toISOString(),
      });
      if (!user) throw new AppError('UNAUTHENTICATED');
      return presentUser(user);
    },

    async setAvatar(userId: number, avatarUrl: string): Promise<User> {
      const user = await repos.users.update(userId, { avatar: avatarUrl, updated_at: now().toISOString() });
      if (!user) throw new AppError('UNAUTHENTICATED');
      return presentUser(user);
    },

    /** Whether the account has a password (accounts made by social login have none). */
    async hasPassword(userId: number): Promise<boolean> {
      return (await requireUserRow(userId)).password_hash !== null;
    },

    async changePassword(userId: number, currentPassword: string, password: string): Promise<void> {
      const user = await requireUserRow(userId);
      if (!user.password_hash || !(await verifyPassword(user.password_hash, currentPassword))) {
        throw new AppError('VALIDATION_FAILED', undefined, { currentPassword: WRONG_CURRENT_PASSWORD });
      }
      await repos.users.update(userId, {
        password_hash: await hashPassword(password),
        updated_at: now().toISOString(),
      });
    },

    /**
     * The end of account recovery (server/services/account-recovery.service.ts): the new password,
     * every session revoked and every known browser forgotten — whoever else had the old password,
     * or a browser that skipped the wrong-password delay, starts from nothing — the account's delay
     * cleared, and a new session for the reader. `takeLink` uses up the reset link and names the
     * account, first thing in the same transaction: a failure anywhere after it leaves the link as
     * it was, and of several requests with one link only one can take it.
     */
    async setPasswordAfterReset(
      takeLink: (trx: Repositories) => Promise<number>,
      password: string,
      meta: RequestMeta,
    ): Promise<Session> {
      // Hashed before the transaction: it holds the link's row (and SQLite's only writer) meanwhile.
      const passwordHash = await hashPassword(password);
      const at = now().toISOString();
      const user = await options.transaction(async (trx) => {
        const userId = await takeLink(trx);
        const updated = await trx.users.update(userId, { password_hash: passwordHash, updated_at: at });
        if (!updated) throw new AppError('UNAUTHENTICATED');
        await trx.sessions.revokeAllOfUser(userId, at);
        await trx.sessions.deleteDevicesOfUser(userId);
        await trx.sessions.deletePasswordResets(userId, at);
        return updated;
      });
      // The new password is stored and the link spent: a counter store that does not answer
      // (Redis down) leaves the old delay to expire on its own rather than turn this into a 503.
      await throttle.recordSuccess(`user:${user.id}`).catch((error: unknown) => {
        if (!isCountersUnavailable(error)) throw error;
      });
      return startSession(user, meta);
    },

    /**
     * Deletes the account; its sessions, identities and private data go with it (foreign keys
     * cascade). A stolen session alone must not be enough: the owner gives the current password,
     * or, for an account without one (social login only), has logged in within ten minutes.
     */
    async deleteAccount(userId: number, proof: { password?: string; token?: string | null }): Promise<void> {
      const user = await requireUserRow(userId);
      if (user.password_hash) {
        if (!proof.password) {
          throw new AppError('VALIDATION_FAILED', undefined, { password: VALIDATION_MESSAGES.required });
        }
        if (!(await verifyPassword(user.password_hash, proof.password))) {
          throw new AppError('VALIDATION_FAILED', undefined, { password: WRONG_CURRENT_PASSWORD });
        }
      } else {
        const at = now();
        const session = proof.token ? await findLiveSession(proof.token, at) : null;
        if (!isFreshLoginOf(session, userId, at)) {
          throw new AppError('FORBIDDEN', LOGIN_NOT_FRESH);
        }
      }
      await repos.users.delete(userId);
    },

    async changeRole(actor: User, userId: number, role: UserRole): Promise<User> {
      requireAdmin(actor, ERROR_MESSAGES.FORBIDDEN);
      const user = await repos.users.update(userId, { role, updated_at: now().toISOString() });
      if (!user) throw new AppError('NOT_FOUND', 'Không tìm thấy người dùng này.');
      return presentUser(user);
    },

    /** The command-line path: creates the admin, or promotes the existing user and resets the password. */
    async createOrPromoteAdmin(username: string, password: string): Promise<{ user: User; created: boolean }> {
      const name = username.toLowerCase();
      const existing = await repos.users.findByUsername(name);
      const at = now().toISOString();
      if (existing) {
        const user = await repos.users.update(existing.id, {
          role: 'admin',
          password_hash: await hashPassword(password),
          updated_at: at,
        });
        return { user: presentUser(user!), created: false };
      }
      const user = await repos.users.insert({
        username: name,
        email: null,
        display_name: username,
        password_hash: await hashPassword(password),
        avatar: null,
        role: 'admin',
        email_verified_at: null,
        created_at: at,
        updated_at: at,
      });
      return { user: presentUser(user), created: true };
    },

    /**
     * A verified OpenID Connect login: the known identity's user, or the user with the same
     * verified e-mail (linked now), or a new account. Returns a one-time code for /login, which
     * only the browser holding the secret of `bindingHash` can exchange.
     */
    async completeSocialLogin(claims: SocialClaims, bindingHash: string): Promise<string> {
      const userId = await options.transaction(async (trx) => {
        const identity = await trx.users.findIdentity(claims.provider, claims.subject);
        if (identity) return identity.user_id;
        const at = now().toISOString();
        const email = claims.email?.toLowerCase() ?? null;
        let user = email && claims.emailVerified ? await trx.users.findByEmail(email) : null;
        if (!user) {
          const base =
            (email?.split('@')[0] ?? claims.provider).replace(/[^a-z0-9._-]/gi, '').slice(0, 14) || 'ban-doc';
          let username = base.length >= 5 ? base.toLowerCase() : `${base.toLowerCase()}-doc`;
          while (await trx.users.findByUsername(username))
            username = `${base.slice(0, 13)}-${crypto.randomInt(1000, 9999)}`.toLowerCase();
          user = await trx.users.insert({
            username,
            email: email && claims.emailVerified && !(await trx.users.findByEmail(email)) ? email : null,
            display_name: normalizeText(claims.name ?? username).slice(0, 60),
            password_hash: null,
            avatar: null,
            role: 'reader',
            email_verified_at: claims.emailVerified ? at : null,
            created_at: at,
            updated_at: at,
          });
        }
        await trx.users.insertIdentity({
          user_id: user.id,
          provider: claims.provider,
          subject: claims.subject,
          email,
          created_at: at,
        });
        return user.id;
      });
      const code = newSecret();
      await repos.sessions.insertLoginCode({
        user_id: userId,
        code_hash: hashSecret(code),
        expires_at: new Date(now().getTime() + LOGIN_CODE_LIFETIME_MS).toISOString(),
        binding_hash: bindingHash,
      });
      return code;
    },

    /**
     * Exchanges a one-time code (once, within two minutes) for a session, in the browser that
     * started the login (`binding`: the secret of its cookie). Any attempt uses the code up, so a
     * code sent to someone else's browser is burnt there rather than left for a second try.
     */
    async exchangeLoginCode(code: string, binding: string | undefined, meta: RequestMeta): Promise<Session> {
      const row = code.length <= 200 ? await repos.sessions.takeLoginCode(hashSecret(code)) : null;
      if (!row || Date.parse(row.expires_at) <= now().getTime()) {
        throw new AppError('UNAUTHENTICATED', LOGIN_CODE_EXPIRED);
      }
      if (!row.binding_hash || !binding || binding.length > 200 || !sameHash(hashSecret(binding), row.binding_hash)) {
        throw new AppError('UNAUTHENTICATED', LOGIN_CODE_OTHER_BROWSER);
      }
      return startSession(await requireUserRow(row.user_id), meta);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
