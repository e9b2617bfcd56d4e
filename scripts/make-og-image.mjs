// Draws public/og-image.png (1200×630): the picture shown when a page of Pháp Bảo is shared and
// has no cover of its own; and public/podcast-artwork.png (1400×1400, the square artwork podcast
// apps ask of a feed). Shapes only (no text), so no font is needed. Run once by a maintainer.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <radialGradient id="glow" cx="0.72" cy="0.3" r="0.7">
      <stop offset="0" stop-color="#f6dcbf"/><stop offset="1" stop-color="#fbf3e8"/>
    </radialGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#glow)"/>
  <g transform="translate(600 150) scale(12)" fill="none" stroke="#9a4a14" stroke-width="1.1" stroke-linecap="round" stroke-linejoin="round">
    <path d="M0 20c-3.5 0-7-2-8.5-5.5C-6 14-3.5 15 0 20Z"/>
    <path d="M0 20c3.5 0 7-2 8.5-5.5C6 14 3.5 15 0 20Z"/>
    <path d="M0 20c-2.2-2.6-3.2-5.2-3-8.2C-2.7 8.5-1.5 6 0 4c1.5 2 2.7 4.5 3 7.8.2 3-.8 5.6-3 8.2Z"/>
    <path d="M0 20c-3-1.4-5.2-3.8-5.8-7.5M0 20c3-1.4 5.2-3.8 5.8-7.5"/>
  </g>
  <rect x="0" y="590" width="1200" height="40" fill="#9a4a14"/>
</svg>`;
await sharp(Buffer.from(svg))
  .png({ compressionLevel: 9, palette: true })
  .toFile(path.join(root, 'public', 'og-image.png'));
console.log('public/og-image.png written');

const lotus = (
  size,
  scale,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>
    <radialGradient id="glow" cx="0.5" cy="0.4" r="0.75">
      <stop offset="0" stop-color="#f6dcbf"/><stop offset="1" stop-color="#f3e3cf"/>
    </radialGradient>
  </defs>
  <rect width="${size}" height="${size}" fill="url(#glow)"/>
  <g transform="translate(${size / 2} ${size * 0.2}) scale(${scale})" fill="none" stroke="#9a4a14" stroke-width="1.1" stroke-linecap="round" stroke-linejoin="round">
    <path d="M0 20c-3.5 0-7-2-8.5-5.5C-6 14-3.5 15 0 20Z"/>
    <path d="M0 20c3.5 0 7-2 8.5-5.5C6 14 3.5 15 0 20Z"/>
    <path d="M0 20c-2.2-2.6-3.2-5.2-3-8.2C-2.7 8.5-1.5 6 0 4c1.5 2 2.7 4.5 3 7.8.2 3-.8 5.6-3 8.2Z"/>
    <path d="M0 20c-3-1.4-5.2-3.8-5.8-7.5M0 20c3-1.4 5.2-3.8 5.8-7.5"/>
  </g>
  <rect x="0" y="${size - 90}" width="${size}" height="90" fill="#9a4a14"/>
</svg>`;
await sharp(Buffer.from(lotus(1400, 40)))
  .png({ compressionLevel: 9, palette: true })
  .toFile(path.join(root, 'public', 'podcast-artwork.png'));
console.log('public/podcast-artwork.png written');
