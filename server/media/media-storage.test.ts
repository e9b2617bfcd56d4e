import { describe, expect, it } from 'vitest';
import { isSafeMediaName } from './media-storage.ts';

describe('isSafeMediaName', () => {
  it.each(['audio/bai-1.mp3', 'a.mp3', 'covers/2026/kinh.webp'])('accepts %s', (name) => {
    expect(isSafeMediaName(name)).toBe(true);
  });
  it.each(['', '../x', 'a/../b', '/etc/passwd', 'a\\b', '.env', 'a/.hidden', 'a//b', 'a\0b', 'x'.repeat(600)])(
    'refuses %j',
    (name) => {
      expect(isSafeMediaName(name)).toBe(false);
    },
  );
});
