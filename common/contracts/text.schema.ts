import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../messages.ts';
import { hasControlCharacters } from '../text/control-characters.ts';

/**
 * The one string rule of every free-text field a request carries: no control characters
 * (common/text/control-characters.ts). The check comes first, so its message is the field's.
 */

/** One line of text: a name, a title, a code, a query, a password. */
export function zLine(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((s) => !hasControlCharacters(s), VALIDATION_MESSAGES.controlCharacters);
}

/** Text that may span lines (a note, a description): TAB, LF and CR are kept. */
export function zText(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .refine((s) => !hasControlCharacters(s, { multiline: true }), VALIDATION_MESSAGES.controlCharacters);
}
