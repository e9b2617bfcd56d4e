/** One button per configured OpenID provider; each starts the provider's login and comes back to `redirectTo`. */
export function SocialLoginButtons({
  providers,
  redirectTo,
  verb,
}: {
  providers: { name: string; label: string }[];
  redirectTo: string;
  verb: 'Đăng nhập với' | 'Tiếp tục với';
}) {
  if (providers.length === 0) return null;
  const query = new URLSearchParams({ redirectTo }).toString();
  return (
    <div className="social-login">
      <p className="social-login-divider">
        <span>hoặc</span>
      </p>
      {providers.map((p) => (
        <a key={p.name} className="button button-ghost button-block" href={`/api/v1/auth/${p.name}/start?${query}`}>
          {verb} {p.label}
        </a>
      ))}
    </div>
  );
}
