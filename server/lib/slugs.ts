import { normalizeText } from '#common/text/vietnamese.ts';

/**
 * "Kinh Pháp Hoa (bản dịch)" → "kinh-phap-hoa-ban-dich": codes and slugs (at most 80 letters).
 * Only Latin letters lose their marks: "くさまくら", "القرآن" or "भगवद्गीता" keep theirs, which
 * are part of their letters.
 */
export function slugOf(text: string): string {
  const slug = normalizeText(text)
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+/, '');
  return Array.from(slug).slice(0, 80).join('').replace(/-+$/, '');
}

/** A slug not yet taken: `base`, else `base-2`, `base-3`… */
export async function freeSlug(base: string, taken: (slug: string) => Promise<boolean>): Promise<string> {
  const root = (base || 'muc').slice(0, 150);
  for (let n = 1; ; n++) {
    const slug = n === 1 ? root : `${root}-${n}`;
    if (!(await taken(slug))) return slug;
  }
}
