/**
 * C0 control characters (and DEL) in text from outside. PostgreSQL refuses a NUL in any text
 * value, and none of them belongs in a name, a code or an address; multi-line text keeps TAB,
 * LF and CR.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const IN_LINE = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** The same characters percent-encoded in an address (%00–%1F, %7F). */
const ENCODED = /%(?:[01][0-9a-f]|7f)/i;

export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? IN_TEXT : IN_LINE).test(value);
}

/** True when the path or query of `url` holds a control character, raw or percent-encoded. */
export function addressHasControlCharacters(url: string): boolean {
  const { pathname, search } = new URL(url);
  const address = pathname + search;
  return IN_LINE.test(address) || ENCODED.test(address);
}
