import type { Server } from 'node:http';
import Provider from 'oidc-provider';

export const TEST_CLIENT = { id: 'phap-bao-e2e', secret: 'bi-mat-chi-dung-khi-thu' };

/** The identity the test provider hands out for a login name typed on its page. */
export function claimsFor(login: string) {
  return { sub: `sub-${login}`, email: `${login}@thu-nghiem.example.org`, email_verified: true, name: 'Thiện Tâm' };
}

/**
 * A real OpenID Connect provider (the oidc-provider package) on this machine, with its
 * development login and consent pages: the social-login tests go through it, not a mock.
 */
export async function startOidcProvider(
  port: number,
  redirectUri: string,
): Promise<{ issuer: string; close(): Promise<void> }> {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => claimsFor(id) }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['khoa-cookie-thu-nghiem'] },
    pkce: { required: () => true },
  });
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(port, '127.0.0.1', () => resolve(s));
  });
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
