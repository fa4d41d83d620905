import { joinTags } from '@riskatlas/domain';
import { editSite } from './edit-site';

/** One site's edit. */
export interface TagEdit {
  siteId: number;
  before: readonly string[];
  after: readonly string[];
}

/** What a bulk tag edit did. */
export interface TagEditOutcome {
  saved: number;
  unchanged: number;
  failed: { siteId: number; error: unknown }[];
}

/** Requests in flight at once: enough to be quick, few enough not to crowd out the user's other calls. */
const CONCURRENCY = 4;

/**
 * Saves the tags of many sites through POST sites/edit (the spec's only site-writing call), a few
 * at a time; sites whose tags do not change are not sent. `onProgress` gets the count handled.
 */
export async function saveTagsOfSites(edits: readonly TagEdit[], onProgress: (done: number) => void): Promise<TagEditOutcome> {
  const outcome: TagEditOutcome = { saved: 0, unchanged: 0, failed: [] };
  const pending = edits.filter((edit) => {
    const same = joinTags(edit.before) === joinTags(edit.after);
    if (same) outcome.unchanged += 1;
    return !same;
  });
  let done = outcome.unchanged;
  let next = 0;
  onProgress(done);
  const worker = async () => {
    while (next < pending.length) {
      const edit = pending[next++]!;
      try {
        await editSite({ siteId: edit.siteId, tags: joinTags(edit.after) });
        outcome.saved += 1;
      } catch (error) {
        outcome.failed.push({ siteId: edit.siteId, error });
      }
      done += 1;
      onProgress(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, pending.length) }, worker));
  return outcome;
}
