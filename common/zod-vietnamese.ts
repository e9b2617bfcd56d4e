import { z } from 'zod';
import { VALIDATION_MESSAGES } from './messages.ts';

let installed = false;

/**
 * Vietnamese messages for every zod check, browser and server alike: a missing value gets the
 * spec's "Đây là thông tin bắt buộc"; the rest come from zod's own Vietnamese locale.
 */
export function installVietnameseZodMessages(): void {
  if (installed) return;
  installed = true;
  const vi = z.locales.vi();
  z.config({
    ...vi,
    customError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return VALIDATION_MESSAGES.required;
      if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1)
        return VALIDATION_MESSAGES.required;
      return undefined;
    },
  });
}
