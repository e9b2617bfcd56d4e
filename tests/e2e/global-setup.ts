import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM helper without types
import { sourceHash } from '../../scripts/source-hash.mjs';
import { startMailCatcher } from '../support/mail-catcher.ts';
import { startOidcProvider, TEST_CLIENT } from './support/oidc-provider.ts';
import { startLibraryServer } from './support/library-server.ts';
import { freePort, stopProcess } from './support/processes.ts';
import { createAdmin, SHARED_ADMIN } from './support/session.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Settings the browser tests run the site with (links that are hidden when unset are set here). */
export const E2E_SITE_ENV = {
  DICTIONARY_URL: 'https://tudien.example.org/',
  MONASTERY_URL: 'https://tuvien.example.org/',
  CONTACT_EMAIL: 'lienhe@phapbao.example.org',
  CONTACT_PHONE: '028 3812 3456',
  CONTACT_ADDRESS: 'Thủ Đức, Thành phố Hồ Chí Minh',
  FACEBOOK_URL: 'https://facebook.com/phapbao.example',
  TRANSLATOR_FORM_URL: 'https://forms.example.org/tinh-nguyen-vien',
};

/** Builds the site when the build is stale, starts it on a free port with a fresh data folder. */
export default async function setup(project: TestProject) {
  const stamp = path.join(root, 'build', '.source-hash');
  if (!fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== sourceHash(root)) {
    execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const oidc = await startOidcProvider(await freePort(), `${baseURL}/api/v1/auth/thu-nghiem/callback`);
  // The site's mail (account recovery) goes to a real SMTP server here; each mail is appended to a
  // JSON-lines file the tests read (tests/e2e/support/mailbox.ts).
  const mailboxFile = path.join(dataDir, 'mailbox.jsonl');
  const mail = await startMailCatcher((message) => {
    fs.appendFileSync(
      mailboxFile,
      JSON.stringify({ to: message.to, subject: message.subject, text: message.text }) + '\n',
    );
  });
  const server = await startLibraryServer(
    {
      ...E2E_SITE_ENV,
      AUTH_PROVIDERS: 'thu-nghiem',
      AUTH_THU_NGHIEM_ISSUER: oidc.issuer,
      AUTH_THU_NGHIEM_CLIENT_ID: TEST_CLIENT.id,
      AUTH_THU_NGHIEM_CLIENT_SECRET: TEST_CLIENT.secret,
      AUTH_THU_NGHIEM_LABEL: 'OpenID thử nghiệm',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      SMTP_SECURE: 'false',
      MAIL_FROM: 'Pháp Bảo <khong-tra-loi@phapbao.example.org>',
      DATA_DIR: dataDir,
      IMPORT_DEMO_CONTENT: 'true',
      // Every browser test signs readers up from 127.0.0.1: the per-address limit is tested in tests/api.
      LOGIN_ATTEMPTS_PER_ADDRESS: '10000',
    },
    { port, readyPath: '/' },
  );
  // Its administrator, made once with the admin command (tests/e2e/support/session.ts).
  await createAdmin(dataDir, SHARED_ADMIN.username, SHARED_ADMIN.password);
  project.provide('baseURL', baseURL);
  // Tests that need content the site cannot make yet (a YouTube item) write it into this library.
  project.provide('dataDir', dataDir);
  project.provide('mailboxFile', mailboxFile);

  return async () => {
    await stopProcess(server.child);
    await oidc.close();
    await mail.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    mailboxFile: string;
  }
}
