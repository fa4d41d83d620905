/**
 * Pure rules for the fields of a new site (spec 1 §3, §5): tags, the name key that makes names
 * unique per account, and how a database unique violation is recognised.
 */

/**
 * Tags as the create payload sends them — one string joined with ';' — as a list: each trimmed,
 * empties dropped, duplicates (ignoring case) dropped keeping the first spelling.
 */
export function splitTags(tags: string | null | undefined): string[] {
  if (!tags) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags.split(';')) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

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
