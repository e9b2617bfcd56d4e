import { describe, expect, it } from 'vitest';
import { slugOf } from '#server/lib/slugs.ts';
import { canonicalLanguage, directionOfLanguage, sameLanguage } from './language.ts';

describe('book languages and codes', () => {
  it('reads a language tag and the direction it implies', () => {
    expect(canonicalLanguage('ja-jp')).toBe('ja-JP');
    expect(canonicalLanguage('not a tag!')).toBeNull();
    expect(directionOfLanguage('ar')).toBe('rtl');
    expect(directionOfLanguage('he-IL')).toBe('rtl');
    expect(directionOfLanguage('pa-Arab')).toBe('rtl');
    expect(directionOfLanguage('az-Latn')).toBe('ltr');
    expect(directionOfLanguage('vi')).toBe('ltr');
    expect(directionOfLanguage(null)).toBeNull();
    expect(sameLanguage('ja', 'ja-JP')).toBe(true);
    expect(sameLanguage('ja', 'jv')).toBe(false);
  });

  it('makes codes that fold Vietnamese but keep the marks of other scripts', () => {
    expect(slugOf('Kinh Pháp Hoa (bản dịch)')).toBe('kinh-phap-hoa-ban-dich');
    expect(slugOf('Đường xưa mây trắng')).toBe('duong-xua-may-trang');
    // Dakuten, Devanagari vowel signs and Arabic vowels are part of their letters.
    expect(slugOf('くさまくら が')).toBe('くさまくら-が');
    expect(slugOf('भगवद्गीता')).toBe('भगवद्गीता');
    expect(slugOf('القُرآن الكريم')).toBe('القُرآن-الكريم');
    expect(Array.from(slugOf('草'.repeat(100)))).toHaveLength(80);
  });
});
