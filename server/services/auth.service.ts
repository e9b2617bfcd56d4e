import crypto from 'node:crypto';
import { hash as hashPassword, verify as verifyPassword } from '@node-rs/argon2';
import { TOKEN_LIFETIME_SECONDS } from '#common/constants.ts';
import type { LoginRequest, RegisterRequest, User, UserRole } from '#common/contracts/auth.schema.ts';
import { normalizeText } from '#common/text/vietnamese.ts';
import { AppError } from '#server/errors.ts';
import { presentUser } from '#server/presenters/user.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';
import type { UserRow } from '#server/repositories/user.repository.ts';
import { createRateLimiter, type RateLimiter } from './rate-limiter.ts';

/** Who is asking, for rate limits and the session list. */
export interface RequestMeta {
  ip: string;
  userAgent?: string | null;
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
const LOGIN_CODE_LIFETIME_MS = 2 * 60 * 1000;
// Sessions are touched at most this often, so reading pages does not write on every request.
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/** Tokens are 256 random bits; only their SHA-256 is stored. */
export function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
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
  /** Attempts per window, per IP and per username (login and register alike). */
  rateLimit?: { perIp: number; perUsername: number; windowMs: number };
}

/**
 * Accounts and sessions: sign-up, login (username or e-mail), tokens, social login, roles.
 * Passwords are argon2id hashes; a wrong login never says which part was wrong.
 */
export function createAuthService(options: AuthServiceOptions) {
  const { repos } = options;
  const now = () => options.now?.() ?? new Date();
  const limits = options.rateLimit ?? { perIp: 30, perUsername: 10, windowMs: 15 * 60 * 1000 };
  const byIp: RateLimiter = createRateLimiter({ limit: limits.perIp, windowMs: limits.windowMs });
  const byUsername: RateLimiter = createRateLimiter({ limit: limits.perUsername, windowMs: limits.windowMs });
  // Verifying against a real hash when the user does not exist keeps both answers equally slow.
  const dummyHash = hashPassword(newSecret());

  function requireAttemptAllowed(action: string, meta: RequestMeta, username: string) {
    const ipOk = byIp.hit(`${action}:ip:${meta.ip}`);
    const userOk = byUsername.hit(`${action}:user:${username.toLowerCase()}`);
    if (!ipOk || !userOk)
      throw new AppError('TOO_MANY_REQUESTS', 'Bạn đã thử quá nhiều lần. Xin đợi ít phút rồi thử lại.');
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

  async function requireUserRow(userId: number): Promise<UserRow> {
    const user = await repos.users.findById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    return user;
  }

  return {
    async register(input: RegisterRequest, meta: RequestMeta): Promise<Session> {
      const username = input.username.toLowerCase();
      const email = input.email.toLowerCase();
      requireAttemptAllowed('register', meta, username);
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
      requireAttemptAllowed('login', meta, name);
      const user = name.includes('@') ? await repos.users.findByEmail(name) : await repos.users.findByUsername(name);
      const ok = user?.password_hash
        ? await verifyPassword(user.password_hash, input.password)
        : (await verifyPassword(await dummyHash, input.password), false);
      if (!user || !ok) throw new AppError('UNAUTHENTICATED', WRONG_CREDENTIALS);
      byUsername.reset(`login:user:${name}`);
      return startSession(user, meta);
    },

    /** The user of a token, or null when it is missing, unknown, expired or revoked. */
    async authenticate(token: string | null | undefined): Promise<User | null> {
      if (!token || token.length > 200) return null;
      const at = now();
      const session = await repos.sessions.findActiveByHash(hashSecret(token), at.toISOString());
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

    async changePassword(userId: number, currentPassword: string, password: string): Promise<void> {
      const user = await requireUserRow(userId);
      if (!user.password_hash || !(await verifyPassword(user.password_hash, currentPassword))) {
        throw new AppError('VALIDATION_FAILED', undefined, { currentPassword: 'Mật khẩu hiện tại không đúng.' });
      }
      await repos.users.update(userId, {
        password_hash: await hashPassword(password),
        updated_at: now().toISOString(),
      });
    },

    /** Deletes the account; its sessions, identities and private data go with it (foreign keys cascade). */
    async deleteAccount(userId: number): Promise<void> {
      await requireUserRow(userId);
      await repos.users.delete(userId);
    },

    async changeRole(actor: User, userId: number, role: UserRole): Promise<User> {
      if (actor.role !== 'admin') throw new AppError('FORBIDDEN');
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
     * verified e-mail (linked now), or a new account. Returns a one-time code for /login.
     */
    async completeSocialLogin(claims: SocialClaims): Promise<string> {
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
      });
      return code;
    },

    /** Exchanges a one-time code (once, within two minutes) for a session. */
    async exchangeLoginCode(code: string, meta: RequestMeta): Promise<Session> {
      const row = code.length <= 200 ? await repos.sessions.takeLoginCode(hashSecret(code)) : null;
      if (!row || Date.parse(row.expires_at) <= now().getTime()) {
        throw new AppError('UNAUTHENTICATED', 'Phiên đăng nhập đã hết hạn, xin đăng nhập lại.');
      }
      return startSession(await requireUserRow(row.user_id), meta);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
