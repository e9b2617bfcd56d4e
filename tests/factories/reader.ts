import crypto from 'node:crypto';

export interface Reader {
  username: string;
  email: string;
  password: string;
}

/** A new reader with a unique username and e-mail. */
export function newReader(overrides: Partial<Reader> = {}): Reader {
  const id = crypto.randomBytes(4).toString('hex');
  return { username: `Ban.Doc_${id}`, email: `ban.doc.${id}@example.org`, password: `mat-khau-${id}`, ...overrides };
}
