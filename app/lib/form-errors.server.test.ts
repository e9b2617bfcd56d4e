import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '#common/messages.ts';
import { AppError } from '#server/errors.ts';
import { formFailureOf } from './form-errors.server.ts';

/** A page form (login, sign-up, a reader's write) answers a service's refusal with its status and message. */
describe('formFailureOf', () => {
  it('answers a 503 of counters that do not answer with its message and Retry-After', () => {
    const failure = formFailureOf(new AppError('SERVICE_UNAVAILABLE'));
    expect(failure.init?.status).toBe(503);
    expect(new Headers(failure.init?.headers).get('Retry-After')).toBe('10');
    expect(failure.data).toEqual({ message: ERROR_MESSAGES.SERVICE_UNAVAILABLE, fields: {} });
  });

  it('gives no Retry-After to a refusal that waiting does not change', () => {
    const failure = formFailureOf(new AppError('CONFLICT', 'Tài khoản đã tồn tại.', { username: 'Đã có người dùng.' }));
    expect(failure.init?.status).toBe(409);
    expect(new Headers(failure.init?.headers).get('Retry-After')).toBeNull();
    expect(failure.data).toEqual({ message: 'Tài khoản đã tồn tại.', fields: { username: 'Đã có người dùng.' } });
  });

  it('lets anything but an AppError through', () => {
    expect(() => formFailureOf(new Error('hỏng'))).toThrow('hỏng');
  });
});
