import * as oidc from 'openid-client';
import { z } from 'zod';
import { safeRedirectPath } from '#common/safe-redirect.ts';
import type { AuthProviderConfig } from '#server/env.ts';
import { AppError } from '#server/errors.ts';
import type { Logger } from '#server/logger.ts';
import { type AuthService, hashSecret, newSecret } from './auth.service.ts';

/** What the browser keeps (in an HttpOnly cookie) between the start of a social login and its callback. */
const ZPendingLoginSchema = z.object({
  provider: z.string(),
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  redirectTo: z.string(),
  /** SHA-256 of the secret kept in the browser's /login cookie; the login code is bound to it. */
  bindingHash: z.string(),
});
export type PendingLogin = z.infer<typeof ZPendingLoginSchema>;

export interface SocialProvider {
  name: string;
  label: string;
}

function isLocalIssuer(issuer: string): boolean {
  const { protocol, hostname } = new URL(issuer);
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]');
}

/**
 * Social login with OpenID Connect (authorization code + PKCE, state and nonce) through
 * openid-client. Providers come from the configuration; discovery happens on first use.
 */
export function createSocialLoginService(deps: { providers: AuthProviderConfig[]; auth: AuthService; logger: Logger }) {
  const configs = new Map<string, Promise<oidc.Configuration>>();

  function requireProvider(name: string): AuthProviderConfig {
    const provider = deps.providers.find((p) => p.name === name);
    if (!provider) throw new AppError('NOT_FOUND', 'Không có cách đăng nhập này.');
    return provider;
  }

  function configurationOf(provider: AuthProviderConfig): Promise<oidc.Configuration> {
    let config = configs.get(provider.name);
    if (!config) {
      config = oidc
        .discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, {
          // Plain http only for a provider on this machine (development and tests).
          execute: isLocalIssuer(provider.issuer) ? [oidc.allowInsecureRequests] : [],
        })
        .catch((error: unknown) => {
          configs.delete(provider.name);
          deps.logger.error({ err: error, provider: provider.name }, 'OpenID discovery failed');
          throw new AppError('BAD_GATEWAY', 'Không kết nối được với dịch vụ đăng nhập, xin thử lại sau.');
        });
      configs.set(provider.name, config);
    }
    return config;
  }

  return {
    listProviders(): SocialProvider[] {
      return deps.providers.map((p) => ({ name: p.name, label: p.label }));
    },

    /**
     * Where to send the browser, what it must keep until the callback (`pending`), and the secret
     * it must show when it exchanges the login code on /login (`binding`).
     */
    async start(
      name: string,
      callbackUrl: string,
      redirectTo: string,
    ): Promise<{ url: string; pending: PendingLogin; binding: string }> {
      const provider = requireProvider(name);
      const config = await configurationOf(provider);
      const verifier = oidc.randomPKCECodeVerifier();
      const binding = newSecret();
      const pending: PendingLogin = {
        provider: provider.name,
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier,
        redirectTo: safeRedirectPath(redirectTo),
        bindingHash: hashSecret(binding),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: callbackUrl,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url: url.href, pending, binding };
    },

    parsePending(raw: string | undefined): PendingLogin | null {
      if (!raw) return null;
      try {
        const parsed = ZPendingLoginSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },

    serializePending(pending: PendingLogin): string {
      return Buffer.from(JSON.stringify(pending)).toString('base64url');
    },

    /** Checks the provider's answer (state, nonce, PKCE, ID token) and returns a one-time login code. */
    async finish(
      name: string,
      currentUrl: URL,
      pending: PendingLogin | null,
    ): Promise<{ code: string; redirectTo: string }> {
      const provider = requireProvider(name);
      if (!pending || pending.provider !== provider.name) {
        throw new AppError('BAD_REQUEST', 'Phiên đăng nhập không hợp lệ hoặc đã hết hạn, xin thử lại.');
      }
      const config = await configurationOf(provider);
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
        // Providers may keep e-mail and name out of the ID token: ask the userinfo endpoint then.
        if (claims?.sub && (claims.email === undefined || claims.name === undefined)) {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
          claims = {
            ...claims,
            email: claims.email ?? info.email,
            email_verified: claims.email_verified ?? info.email_verified,
            name: claims.name ?? info.name,
          };
        }
      } catch (error) {
        deps.logger.warn({ err: error, provider: provider.name }, 'social login refused');
        throw new AppError('UNAUTHENTICATED', 'Đăng nhập không thành công, xin thử lại.');
      }
      if (!claims?.sub) throw new AppError('UNAUTHENTICATED', 'Đăng nhập không thành công, xin thử lại.');
      const code = await deps.auth.completeSocialLogin(
        {
          provider: provider.name,
          subject: claims.sub,
          email: typeof claims.email === 'string' ? claims.email : null,
          emailVerified: claims.email_verified === true,
          name: typeof claims.name === 'string' ? claims.name : null,
        },
        pending.bindingHash,
      );
      return { code, redirectTo: pending.redirectTo };
    },
  };
}

export type SocialLoginService = ReturnType<typeof createSocialLoginService>;
