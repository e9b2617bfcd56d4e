/** Only local paths may be returned to after login: never another site (no open redirect). */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  return value.slice(0, 500);
}
