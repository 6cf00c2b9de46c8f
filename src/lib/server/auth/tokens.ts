import { createHash, randomBytes } from 'node:crypto';

/** Hex SHA-256 of a secret; only these hashes of session tokens and API keys are stored. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A URL-safe random token with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** The PKCE S256 code challenge of a code verifier: base64url(sha256(verifier)), RFC 7636. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
