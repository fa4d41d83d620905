import type { StoredImportMatch } from '../../../db/schema/index';
import { matchBlockKey } from './import-row';
import { NEAR_MATCH_THRESHOLD, textSimilarity, type FuzzyText } from './similarity';
import { MAX_BLOCK_SITES } from './site-index';

/** A row of the run as the queue checks see it: its normalised name and street, and where it is. */
export interface QueuedRowKeys {
  rowNumber: number;
  nameKey: string;
  fuzzyName: FuzzyText;
  fuzzyStreet: FuzzyText;
  city: string;
  state: string;
  zipCode: string;
}

interface RememberedRow {
  rowNumber: number;
  fuzzyName: FuzzyText;
  fuzzyStreet: FuzzyText;
}

/** What the queue says of a row: an earlier row of the same name, or earlier rows that look like the same site. */
export interface QueueFindings {
  /** An earlier row has exactly this name (DuplicateNameFound). */
  duplicateNameOf: number | null;
  /** Earlier rows alike enough to be the same site (DuplicateSiteInQueue), best first. */
  nearRows: StoredImportMatch[];
}

/**
 * The processing run's memory of the rows already queued, in file order: names taken and rows by
 * block, so each new row is compared with the earlier ones only. A resumed run rebuilds it from the
 * rows its committed chunks wrote (the same rows, so the same findings).
 */
export class ImportQueueState {
  private readonly names = new Map<string, number>();
  private readonly blocks = new Map<string, RememberedRow[]>();

  /** Checks a row against the earlier ones, then remembers it. `fuzzy`: compare names and addresses for near duplicates too. */
  observe(row: QueuedRowKeys, fuzzy: { byName: boolean; byAddress: boolean }): QueueFindings {
    const findings: QueueFindings = { duplicateNameOf: null, nearRows: [] };
    const earlierName = row.nameKey ? this.names.get(row.nameKey) : undefined;
    if (earlierName !== undefined) findings.duplicateNameOf = earlierName;
    const remembered: RememberedRow = { rowNumber: row.rowNumber, fuzzyName: row.fuzzyName, fuzzyStreet: row.fuzzyStreet };
    const block = matchBlockKey(row);
    const peers = block ? (this.blocks.get(block) ?? []) : [];
    if (earlierName === undefined && (fuzzy.byName || fuzzy.byAddress)) {
      for (const peer of peers.length > MAX_BLOCK_SITES ? peers.slice(-MAX_BLOCK_SITES) : peers) {
        const byName = fuzzy.byName && remembered.fuzzyName.text ? textSimilarity(remembered.fuzzyName, peer.fuzzyName) : 0;
        const byAddress = fuzzy.byAddress && remembered.fuzzyStreet.text && peer.fuzzyStreet.text ? textSimilarity(remembered.fuzzyStreet, peer.fuzzyStreet) : 0;
        const similarity = Math.max(byName, byAddress);
        if (similarity < NEAR_MATCH_THRESHOLD) continue;
        findings.nearRows.push({ siteId: 0, queueRowNumber: peer.rowNumber, similarity, distanceMeters: null, matchedBy: byName >= byAddress ? 'name' : 'address' });
      }
      findings.nearRows.sort((a, b) => b.similarity - a.similarity);
      findings.nearRows.splice(3);
    }
    if (row.nameKey && earlierName === undefined) this.names.set(row.nameKey, row.rowNumber);
    if (block) {
      const list = this.blocks.get(block);
      if (list) list.push(remembered);
      else this.blocks.set(block, [remembered]);
    }
    return findings;
  }
}
