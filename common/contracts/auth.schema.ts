import { z } from 'zod';
import { zLine } from './text.schema.ts';
import { VALIDATION_MESSAGES } from '../messages.ts';

/**
 * Accounts: the rules of product spec §5 with their exact messages, used by the forms (checked
 * eagerly as the reader types) and by the server (400 with `fields`).
 */
const required = (schema: z.ZodString) => schema.min(1, VALIDATION_MESSAGES.required);

/** The username rule (product spec §5), shown under the sign-up field before anything is typed. */
export const USERNAME_RULE = { min: 5, max: 20, pattern: /^[A-Za-z0-9._-]{5,20}$/ } as const;
export const USERNAME_HINT = `${USERNAME_RULE.min} tới ${USERNAME_RULE.max} ký tự: chữ không dấu, số và . - _ (không có dấu cách)`;
export const PASSWORD_RULE = { min: 6, max: 30 } as const;
export const PASSWORD_HINT = `${PASSWORD_RULE.min} tới ${PASSWORD_RULE.max} ký tự`;

export const ZUsernameSchema = required(zLine({ error: VALIDATION_MESSAGES.required }).trim()).regex(
  USERNAME_RULE.pattern,
  VALIDATION_MESSAGES.username,
);

export const ZEmailSchema = required(zLine({ error: VALIDATION_MESSAGES.required }).trim()).pipe(
  z.email({ error: VALIDATION_MESSAGES.email }),
);

export const ZPasswordSchema = required(zLine({ error: VALIDATION_MESSAGES.required }))
  .min(PASSWORD_RULE.min, VALIDATION_MESSAGES.password)
  .max(PASSWORD_RULE.max, VALIDATION_MESSAGES.password);

export const ZRegisterRequestSchema = z
  .object({
    username: ZUsernameSchema,
    email: ZEmailSchema,
    password: ZPasswordSchema,
    confirmPassword: required(zLine({ error: VALIDATION_MESSAGES.required })),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: VALIDATION_MESSAGES.confirmPassword,
    path: ['confirmPassword'],
  });
export type RegisterRequest = z.infer<typeof ZRegisterRequestSchema>;

/** `username` may also be the e-mail address. */
export const ZLoginRequestSchema = z.object({
  username: required(zLine({ error: VALIDATION_MESSAGES.required }).trim()).max(254, VALIDATION_MESSAGES.required),
  password: required(zLine({ error: VALIDATION_MESSAGES.required })).max(200, VALIDATION_MESSAGES.password),
});
export type LoginRequest = z.infer<typeof ZLoginRequestSchema>;

export const USER_ROLES = ['reader', 'moderator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The user as every response shows them: never a hash. */
export const ZUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(USER_ROLES),
  createdAt: z.string(),
});
export type User = z.infer<typeof ZUserSchema>;

export const ZSessionResponseSchema = z.object({ data: z.object({ token: z.string(), user: ZUserSchema }) });
export const ZMeResponseSchema = z.object({ data: ZUserSchema });

export const ZUpdateProfileRequestSchema = z.object({
  displayName: required(zLine({ error: VALIDATION_MESSAGES.required }).trim()).max(60, 'Tên hiển thị tối đa 60 ký tự'),
});

export const ZChangePasswordRequestSchema = z
  .object({
    currentPassword: required(zLine({ error: VALIDATION_MESSAGES.required })),
    password: ZPasswordSchema,
    confirmPassword: required(zLine({ error: VALIDATION_MESSAGES.required })),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: VALIDATION_MESSAGES.confirmPassword,
    path: ['confirmPassword'],
  });

/** "Quên mật khẩu?": the address to send a reset link to. */
export const ZForgotPasswordRequestSchema = z.object({ email: ZEmailSchema.pipe(z.string().max(254)) });
export type ForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequestSchema>;

/** The new password, with the token of the link (the same password rules as sign-up). */
export const ZResetPasswordRequestSchema = z
  .object({
    token: required(zLine({ error: VALIDATION_MESSAGES.required })).max(200, VALIDATION_MESSAGES.required),
    password: ZPasswordSchema,
    confirmPassword: required(zLine({ error: VALIDATION_MESSAGES.required })),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: VALIDATION_MESSAGES.confirmPassword,
    path: ['confirmPassword'],
  });
export type ResetPasswordRequest = z.infer<typeof ZResetPasswordRequestSchema>;

/** Deleting the account: the current password (accounts without one send none, see auth.service.ts). */
export const ZDeleteAccountRequestSchema = z.object({
  password: z.string({ error: VALIDATION_MESSAGES.required }).max(200, VALIDATION_MESSAGES.password).optional(),
});

export const ZChangeRoleRequestSchema = z.object({ role: z.enum(USER_ROLES) });

/** Field → first message, for forms. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
