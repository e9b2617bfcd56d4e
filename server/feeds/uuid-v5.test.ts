import { describe, expect, it } from 'vitest';
import { podcastGuidOf, uuidV5 } from './uuid-v5.ts';

describe('uuidV5', () => {
  it('matches the RFC 9562 example (www.example.com in the DNS namespace)', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it('gives the Podcast Namespace example guid, whatever the scheme or trailing slash', () => {
    // The namespace's own example: podcastindex.org/namespace/1.0 → this guid.
    for (const url of [
      'https://mp3s.nashownotes.com/pc20rss.xml',
      'http://mp3s.nashownotes.com/pc20rss.xml/',
      'mp3s.nashownotes.com/pc20rss.xml',
    ]) {
      expect(podcastGuidOf(url)).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    }
  });
});
