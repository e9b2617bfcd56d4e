import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('has a default for every setting', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe(path.resolve('data'));
    expect(env.MEDIA_DIR).toBe(path.resolve('data', 'media'));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.IMPORT_DEMO_CONTENT).toBe(true);
    expect(env.TRANSLATOR_FORM_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    const env = loadEnv({ DATABASE_URL: '', TRANSLATOR_FORM_URL: '', CONTACT_EMAIL: ' ' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.TRANSLATOR_FORM_URL).toBeUndefined();
    expect(env.CONTACT_EMAIL).toBeUndefined();
  });

  it('refuses bad values, naming each of them', () => {
    let error: unknown;
    try {
      loadEnv({
        PORT: 'ba nghìn',
        DATABASE_URL: 'mysql://x',
        TRANSLATOR_FORM_URL: 'not a url',
        IMPORT_DEMO_CONTENT: 'maybe',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL');
    expect(problems).toContain('TRANSLATOR_FORM_URL');
    expect(problems).toContain('IMPORT_DEMO_CONTENT');
    expect((error as EnvError).message).toMatch(/^Cấu hình không hợp lệ/);
  });

  it('accepts a PostgreSQL URL and explicit folders', () => {
    const env = loadEnv({
      DATABASE_URL: 'postgres://u@localhost/db',
      DATA_DIR: '/tmp/pb',
      MEDIA_DIR: '/srv/media',
      PORT: '8080',
    });
    expect(env.DATABASE_URL).toBe('postgres://u@localhost/db');
    expect(env.MEDIA_DIR).toBe('/srv/media');
    expect(env.PORT).toBe(8080);
  });
  it('checks the mail settings together: MAIL_FROM with SMTP_HOST, SMTP_PASSWORD with SMTP_USER', () => {
    expect(loadEnv({}).SMTP_HOST).toBeUndefined();
    const problemsOf = (source: Record<string, string>) => {
      try {
        loadEnv(source);
        return '';
      } catch (e) {
        return (e as EnvError).problems.join('\n');
      }
    };
    expect(problemsOf({ SMTP_HOST: 'smtp.example.org' })).toContain('MAIL_FROM');
    expect(problemsOf({ SMTP_HOST: 'smtp.example.org', MAIL_FROM: 'khong-phai-dia-chi' })).toContain('MAIL_FROM');
    expect(problemsOf({ SMTP_HOST: 'smtp.example.org', MAIL_FROM: 'a@b.org', SMTP_USER: 'u' })).toContain(
      'SMTP_PASSWORD',
    );
    expect(problemsOf({ SMTP_PORT: '99999' })).toContain('SMTP_PORT');
    const env = loadEnv({
      SMTP_HOST: 'smtp.example.org',
      SMTP_PORT: '465',
      SMTP_SECURE: 'true',
      MAIL_FROM: 'Pháp Bảo <khong-tra-loi@phapbao.org>',
    });
    expect([env.SMTP_PORT, env.SMTP_SECURE, env.MAIL_FROM]).toEqual([
      465,
      true,
      'Pháp Bảo <khong-tra-loi@phapbao.org>',
    ]);
  });
});
