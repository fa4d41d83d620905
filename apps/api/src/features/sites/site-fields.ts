/**
 * Pure rules for the fields of a site: the name key that makes names unique per
 * account, stored free text, and how a database unique violation is recognised. Tags are split by
 * the domain's splitTags (packages/domain/src/sites/tags.ts).
 */

/** The key a site name is unique by within an account: trimmed, lower case. */
export function siteNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** Free text as stored: trimmed, empty as null. */
export function cleanText(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

/**
 * True when a database error is a unique violation of `constraint` (PostgreSQL 23505). Drizzle
 * wraps driver errors, so the cause chain is searched.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === '23505' && (candidate.constraint === constraint || String(candidate.message ?? '').includes(constraint))) return true;
    current = candidate.cause;
  }
  return false;
}

/** True when two tag lists are the same, in the same order and spelling (a stored list is already clean). */
export function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, index) => tag === b[index]);
}
