import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../messages.ts';

/**
 * Accounts: the rules of seed-spec.md §5 with their exact messages, used by the forms (checked
 * eagerly as the reader types) and by the server (400 with `fields`).
 */
const required = (schema: z.ZodString) => schema.min(1, VALIDATION_MESSAGES.required);

export const ZUsernameSchema = required(z.string({ error: VALIDATION_MESSAGES.required }).trim()).regex(
  /^[A-Za-z0-9._-]{5,20}$/,
  VALIDATION_MESSAGES.username,
);

export const ZEmailSchema = required(z.string({ error: VALIDATION_MESSAGES.required }).trim()).pipe(
  z.email({ error: VALIDATION_MESSAGES.email }),
);

export const ZPasswordSchema = required(z.string({ error: VALIDATION_MESSAGES.required }))
  .min(6, VALIDATION_MESSAGES.password)
  .max(30, VALIDATION_MESSAGES.password);

export const ZRegisterRequestSchema = z
  .object({
    username: ZUsernameSchema,
    email: ZEmailSchema,
    password: ZPasswordSchema,
    confirmPassword: required(z.string({ error: VALIDATION_MESSAGES.required })),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: VALIDATION_MESSAGES.confirmPassword,
    path: ['confirmPassword'],
  });
export type RegisterRequest = z.infer<typeof ZRegisterRequestSchema>;

/** `username` may also be the e-mail address. */
export const ZLoginRequestSchema = z.object({
  username: required(z.string({ error: VALIDATION_MESSAGES.required }).trim()).max(254, VALIDATION_MESSAGES.required),
  password: required(z.string({ error: VALIDATION_MESSAGES.required })).max(200, VALIDATION_MESSAGES.password),
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
  displayName: required(z.string({ error: VALIDATION_MESSAGES.required }).trim()).max(
    60,
    'Tên hiển thị tối đa 60 ký tự',
  ),
});

export const ZChangePasswordRequestSchema = z
  .object({
    currentPassword: required(z.string({ error: VALIDATION_MESSAGES.required })),
    password: ZPasswordSchema,
    confirmPassword: required(z.string({ error: VALIDATION_MESSAGES.required })),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: VALIDATION_MESSAGES.confirmPassword,
    path: ['confirmPassword'],
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
