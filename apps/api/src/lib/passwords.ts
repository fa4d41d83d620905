import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id: the package exports a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane (~25–50 ms to hash here). */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a new password with argon2id; the result carries its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** True when `password` matches the stored argon2 hash; a malformed hash simply does not match. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification, for sign-ins whose e-mail is unknown or has no
 * password, so the response time does not tell an attacker which e-mails exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('riskatlas-dummy-password-never-valid');
  await verifyPassword(await dummyHash, password);
  return false;
}
