// Reading and checking the login and sign-up forms. Values reach Postgres and the pages, so a control
// character (NUL would fail the query), a lone surrogate or an overlong value is refused with a message;
// so is any other parameter that is not UTF-8 text (parameters.mjs), with the form kept.
import getRawBody from 'raw-body';
import { z } from 'zod';
import { unsafeParameter } from './parameters.mjs';

export const FORM_LIMIT_BYTES = 64 * 1024;

/**
 * Reads an urlencoded form of at most 64 KB, as sent (latin1 keeps every byte for the UTF-8 check).
 * raw-body refuses a larger announced length before reading and stops reading a longer body at the
 * limit (its error has status 413).
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<string>}
 */
export async function readForm(req) {
  const length = req.headers['content-length'];
  return getRawBody(req, { length, limit: FORM_LIMIT_BYTES, encoding: 'latin1' });
}

/** @param {unknown} error @returns {number | undefined} the 4xx status of a refused body (413: too large) */
export const refusedBodyStatus = (error) => {
  const status = /** @type {{ status?: unknown }} */ (error)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
};

const clean = (value) => value.isWellFormed() && !/\p{Cc}/u.test(value);
const EMAIL = 'Please enter a valid e-mail address.';
const email = z.string().trim().max(254, EMAIL).refine(clean, EMAIL);
const password = z
  .string()
  .max(1024, 'The password must be at most 1024 characters.')
  .refine(clean, 'The password contains characters that are not allowed.');

const loginSchema = z.object({ email, password });
const signupSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required.')
    .max(200, 'The name must be at most 200 characters.')
    .refine(clean, 'The name contains characters that are not allowed.'),
  email: email.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, EMAIL),
  password: password.min(8, 'Password must be at least 8 characters.'),
});

/**
 * The fields' own messages come first (a NUL in the e-mail is "Please enter a valid e-mail address."), then
 * the rule for every parameter.
 * @template T
 * @param {z.ZodType<T>} schema
 * @param {string} body the form as read (latin1)
 * @param {string[]} fields
 * @returns {{ ok: true, value: T } | { ok: false, error: string, echo: Record<string, string> }}
 *   echo: the fields to show again in the form, trimmed, only when they are fine to show
 */
function check(schema, body, fields) {
  const form = new URLSearchParams(Buffer.from(body, 'latin1').toString('utf8'));
  const raw = Object.fromEntries(fields.map((field) => [field, form.get(field) ?? '']));
  const result = schema.safeParse(raw);
  const unsafe = result.success ? unsafeParameter(Buffer.from(body, 'latin1')) : undefined;
  if (result.success && !unsafe) return { ok: true, value: result.data };
  const echo = Object.fromEntries(
    Object.entries(raw)
      .filter(([field, value]) => field !== 'password' && value.length <= 254 && clean(value))
      .map(([field, value]) => [field, value.trim()]),
  );
  const error = unsafe ? `${unsafe} must be UTF-8 text without NUL characters.` : result.error.issues[0].message;
  return { ok: false, error, echo };
}

/** @param {string} form the body as read */
export const checkLoginForm = (form) => check(loginSchema, form, ['email', 'password']);

/** @param {string} form the body as read */
export const checkSignupForm = (form) => check(signupSchema, form, ['name', 'email', 'password']);
