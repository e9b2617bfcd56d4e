import { XMLParser } from 'fast-xml-parser';
import { parseFeed } from 'podcast-partytime';
import { describe, expect, it } from 'vitest';
import type { AudioCollectionDetail } from '#common/contracts/audio.schema.ts';
import { renderPodcastFeed } from './podcast-feed.ts';

const detail: AudioCollectionDetail = {
  collection: {
    id: 7,
    slug: 'kinh-tung',
    title: 'Kinh tụng <hằng ngày> & "lời"',
    description: null,
    speaker: null,
    coverImage: null,
    talkCount: 1,
    totalSeconds: 61,
  },
  talks: [
    {
      id: 3,
      slug: 'bai-mot',
      collectionId: 7,
      title: 'Bài một',
      description: null,
      speaker: null,
      fileName: 'bai-mot.mp3',
      url: '/media/bai-mot.mp3',
      mimeType: 'audio/mpeg',
      sizeBytes: 1234,
      duration: 61,
      recordedOn: null,
      transcriptUrl: null,
      license: null,
    },
  ],
};

describe('renderPodcastFeed', () => {
  it('names the owner without an email when no contact address is configured, and escapes titles', () => {
    const xml = renderPodcastFeed(detail, 'https://thu-vien.example', { name: 'Pháp Bảo', email: null });
    expect(xml).not.toContain('itunes:email');
    expect(xml).toContain('<podcast:locked>no</podcast:locked>');
    const feed = parseFeed(xml)!;
    expect(feed.title).toBe('Kinh tụng <hằng ngày> & "lời"');
    // partytime keeps an owner only with both name and email: read the element itself.
    const channel = (new XMLParser().parse(xml) as { rss: { channel: Record<string, unknown> } }).rss.channel;
    expect(channel['itunes:owner']).toEqual({ 'itunes:name': 'Pháp Bảo' });
    expect(feed.itunesType).toBe('episodic');
    // No transcript stored: no transcript tag.
    expect(feed.items[0]!.podcastTranscripts ?? []).toEqual([]);
    expect(feed.items[0]!.enclosure.url).toBe('https://thu-vien.example/media/bai-mot.mp3');
  });
});
