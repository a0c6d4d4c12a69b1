/**
 * The unsubscribe link's token: the user id and an HMAC-SHA256 of it under the server's secret,
 * so it needs no sign-in and no table, cannot be guessed or forged for another user, and keeps
 * working in an old mail.
 */
import crypto from 'node:crypto';

const PURPOSE = 'price-alerts:unsubscribe:';
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[1-9][0-9]{0,9}\.[A-Za-z0-9_-]{43}$/;

const signatureOf = (secret: string, userId: number) =>
  crypto.createHmac('sha256', secret).update(`${PURPOSE}${userId}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${signatureOf(secret, userId)}`;
}

/** The user id the token was made for; undefined when it was not made with this secret. */
export function userOfUnsubscribeToken(secret: string, token: string): number | undefined {
  if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return undefined;
  const [id = '', signature = ''] = token.split('.');
  const userId = Number(id);
  const expected = Buffer.from(signatureOf(secret, userId));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? userId : undefined;
}
