import crypto from 'node:crypto';

/** The Podcast Namespace's own UUID namespace for `podcast:guid` (podcastindex.org namespace docs). */
export const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/** A name-based UUID, version 5 (SHA-1), as RFC 9562 §5.5 makes it. */
export function uuidV5(name: string, namespace: string): string {
  const hash = crypto
    .createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A feed's `podcast:guid`: the UUIDv5 of its address without the scheme and trailing slashes. */
export function podcastGuidOf(feedUrl: string): string {
  return uuidV5(feedUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/+$/, ''), PODCAST_GUID_NAMESPACE);
}
