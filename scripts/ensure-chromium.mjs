// Browser tests drive Debian's Chromium. When it is missing and we are root, install it with apt
// (never download a browser any other way); otherwise say what to do.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export function ensureChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  const found = candidates.find((p) => fs.existsSync(p));
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error('Chromium is missing. Install it with `sudo apt-get install -y chromium`, or set CHROME_PATH.');
  }
  console.log('Chromium is missing: installing Debian’s chromium with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!fs.existsSync('/usr/bin/chromium'))
    throw new Error('apt-get installed chromium, but /usr/bin/chromium is not there.');
  return '/usr/bin/chromium';
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
