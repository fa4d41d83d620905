import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { classifications } from '../../db/schema/index';

/** One of the account's classifications as the import resolves it. */
interface AccountClassification {
  classificationId: number;
  name: string;
}

/** What a row's classifications cell resolves to: the account's ids, and the entries the account does not have. */
export interface ResolvedClassifications {
  ids: number[];
  unknown: string[];
}

/** The entries of a classifications cell: ';' or ',' separated, trimmed, empty ones left out. */
function classificationEntries(text: string): string[] {
  return text
    .split(/[;,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * The account's classifications, for resolving the import's classifications cells: an entry is a
 * classification id of the account, or one of its names (case-insensitive); anything else is
 * unknown (ClassificationNotFound) and left out when the row is imported.
 */
export class ClassificationLookup {
  private readonly ids = new Set<number>();
  private readonly byName = new Map<string, number>();

  constructor(list: Iterable<AccountClassification>) {
    for (const { classificationId, name } of list) {
      this.ids.add(classificationId);
      const key = name.trim().toLowerCase();
      // Two classifications of one name (in different branches): the first one made is taken.
      if (!this.byName.has(key)) this.byName.set(key, classificationId);
    }
  }

  /** A cell's entries resolved to the account's classification ids (each once, in the cell's order). */
  resolve(text: string): ResolvedClassifications {
    const ids: number[] = [];
    const unknown: string[] = [];
    for (const entry of classificationEntries(text)) {
      const asId = /^\d+$/.test(entry) ? Number(entry) : undefined;
      const id = asId !== undefined && this.ids.has(asId) ? asId : this.byName.get(entry.toLowerCase());
      if (id === undefined) unknown.push(entry);
      else if (!ids.includes(id)) ids.push(id);
    }
    return { ids, unknown };
  }
}

/** The account's classifications (ids and names), oldest first. */
export async function readClassificationLookup(db: Db, accountId: number): Promise<ClassificationLookup> {
  const rows = await db
    .select({ classificationId: classifications.classificationId, name: classifications.name })
    .from(classifications)
    .where(eq(classifications.accountId, accountId))
    .orderBy(asc(classifications.classificationId));
  return new ClassificationLookup(rows);
}
