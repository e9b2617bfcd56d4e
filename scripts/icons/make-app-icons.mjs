// The installable app's PNG icons, drawn from public/favicon.svg with sharp; run once after changing
// the favicon (`node scripts/icons/make-app-icons.mjs`), the PNGs are committed. The maskable icon
// keeps the lotus inside the middle 80 % (the "safe zone" a launcher may crop to a circle) on a full
// square of the favicon's colour.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const svg = fs.readFileSync(path.join(root, 'public', 'favicon.svg'));
const out = path.join(root, 'public', 'icons');
const BRAND = '#9a4a14';
fs.mkdirSync(out, { recursive: true });

async function plain(size, name) {
  await sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
}

async function maskable(size, name) {
  const inner = Math.round(size * 0.8);
  const lotus = await sharp(svg, { density: (72 * inner) / 64 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
    .composite([{ input: lotus, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await plain(180, 'apple-touch-icon.png');
await maskable(512, 'maskable-512.png');
console.log(`Icons written to ${path.relative(root, out)}`);
