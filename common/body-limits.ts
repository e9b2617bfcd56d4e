/** How big a request body may be: a route declares one (server/http/body-limits.ts explains where). */
export const BODY_LIMIT_KINDS = [
  /** JSON up to MAX_JSON_BODY_BYTES (1 MB). */
  'json',
  /** A page form, or one image: AVATAR_MAX_BYTES (5 MB) and room for the form around it. */
  'form',
  /** Whole files up to UPLOAD_MAX_MB in one body (the importer). */
  'import',
  /** Multipart read as it streams; `readStreamedForm` counts UPLOAD_MAX_MB itself. */
  'streamed',
] as const;
export type BodyLimitKind = (typeof BODY_LIMIT_KINDS)[number];
