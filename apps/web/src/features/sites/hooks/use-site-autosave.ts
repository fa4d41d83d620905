import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { joinTags, SiteMessages, type TEditSiteRequest, type TSite } from '@riskatlas/domain';
import { useNotify } from '../../../components/notifier';
import { useClock } from '../../../lib/clock';
import { placeError } from '../../../lib/form-error';
import { editSite } from '../api/edit-site';
import { sitesKey } from '../api/get-sites';
import { siteFullKey } from '../api/site-comments';
import { useClearSiteCache } from './use-clear-browser-site-lists';

/** Edits wait this long after the last keystroke before they are saved. */
const SITE_SAVE_DELAY_MS = 400;

/** The editable fields of a site, as the form holds them (tags as typed). */
export interface SiteDraft {
  siteName: string;
  externalID: string;
  tags: string;
  notes: string;
}

/** The form's fields, by the names the server gives them in its errors. */
const DRAFT_FIELDS: readonly (keyof SiteDraft)[] = ['siteName', 'externalID', 'tags', 'notes'];

/** The draft of a site as saved. */
export function draftOf(site: TSite): SiteDraft {
  return { siteName: site.siteName, externalID: site.eid ?? '', tags: site.tags.join('; '), notes: site.notes ?? '' };
}

/** The request that saves what differs between two drafts (tags compared cleaned), or null when nothing does. */
export function editRequest(siteId: number, saved: SiteDraft, draft: SiteDraft): TEditSiteRequest | null {
  const request: TEditSiteRequest = { siteId };
  let changed = false;
  if (draft.siteName.trim() !== saved.siteName.trim()) {
    request.siteName = draft.siteName.trim();
    changed = true;
  }
  if (draft.externalID.trim() !== saved.externalID.trim()) {
    request.externalID = draft.externalID.trim();
    changed = true;
  }
  if (joinTags(draft.tags) !== joinTags(saved.tags)) {
    request.tags = joinTags(draft.tags);
    changed = true;
  }
  if (draft.notes !== saved.notes) {
    request.notes = draft.notes;
    changed = true;
  }
  return changed ? request : null;
}

/** Where the autosave stands. */
export type SaveState =
  | { kind: 'idle' }
  | { kind: 'waiting' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  /** `field`: the field the server found at fault, when the form has it; null for the form as a whole. */
  | { kind: 'failed'; message: string; field: keyof SiteDraft | null }
  | { kind: 'invalid'; message: string };

/**
 * The edit-site autosave: every change waits 400 ms, then the fields that differ
 * from the saved site are sent in one POST sites/edit. A blank name is not sent ('Site Name is
 * required.'). Success shows 'Updates have been saved.'; failure the server's words and 'The change
 * has not been saved.', once: in the form (the state says next to which field) while it is open,
 * as a notice when the form closed before the save ended. A save updates the site in every loaded
 * list and clears the stored lists.
 */
export function useSiteAutosave(site: TSite, enabled: boolean) {
  const clock = useClock();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const clearCache = useClearSiteCache();
  const [draft, setDraft] = useState<SiteDraft>(() => draftOf(site));
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const saved = useRef<SiteDraft>(draftOf(site));
  const timer = useRef<unknown>(null);
  const latest = useRef(draft);
  const inFlight = useRef<Promise<void> | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const apply = useCallback(
    (updated: TSite) => {
      // Name, notes, tags and external id do not depend on the release: patch every loaded list in place.
      queryClient.setQueriesData<TSite[]>({ queryKey: sitesKey }, (list) =>
        list?.map((item) => (item.siteId === updated.siteId ? { ...item, siteName: updated.siteName, notes: updated.notes, tags: updated.tags, eid: updated.eid } : item)),
      );
      void queryClient.invalidateQueries({ queryKey: siteFullKey(updated.siteId) });
      clearCache();
    },
    [queryClient, clearCache],
  );

  const save = useCallback(async () => {
    timer.current = null;
    if (inFlight.current) await inFlight.current;
    const current = latest.current;
    if (!current.siteName.trim()) {
      setState({ kind: 'invalid', message: 'Site Name is required.' });
      return;
    }
    const request = editRequest(site.siteId, saved.current, current);
    if (!request) {
      setState({ kind: 'idle' });
      return;
    }
    setState({ kind: 'saving' });
    const run = (async () => {
      try {
        const updated = await editSite(request);
        saved.current = { ...current };
        apply(updated);
        setState({ kind: 'saved' });
        notify({ message: SiteMessages.updatesSaved, severity: 'success' });
      } catch (error) {
        const placed = placeError(error, DRAFT_FIELDS);
        const message = `${placed.message} ${SiteMessages.changeNotSaved}`;
        setState({ kind: 'failed', message, field: placed.field });
        if (!mounted.current) notify({ message, severity: 'error' });
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
  }, [site.siteId, apply, notify]);

  const change = useCallback(
    (field: keyof SiteDraft, value: string) => {
      if (!enabled) return;
      const next = { ...latest.current, [field]: value };
      latest.current = next;
      setDraft(next);
      setState({ kind: 'waiting' });
      if (timer.current !== null) clock.clearTimeout(timer.current);
      timer.current = clock.setTimeout(() => void save(), SITE_SAVE_DELAY_MS);
    },
    [enabled, clock, save],
  );

  // A change still waiting when the dialog closes is saved at once rather than lost.
  useEffect(
    () => () => {
      if (timer.current !== null) {
        clock.clearTimeout(timer.current);
        void save();
      }
    },
    [clock, save],
  );

  return { draft, change, state };
}
