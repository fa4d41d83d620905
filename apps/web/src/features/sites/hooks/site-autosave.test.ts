import { describe, expect, it } from 'vitest';
import { makeSite } from '../testing/make-site';
import { draftOf, editRequest } from './use-site-autosave';
import { tagsAfterEdit as tagsAfter } from '@riskatlas/domain';

describe('site edit rules', () => {
  const site = makeSite({ siteId: 5, siteName: 'Depot', tags: ['A', 'B'], notes: null, eid: 'X1' });

  it('sends only what changed, tags cleaned and joined with semicolons', () => {
    const saved = draftOf(site);
    expect(saved).toEqual({ siteName: 'Depot', externalID: 'X1', tags: 'A; B', notes: '' });
    expect(editRequest(5, saved, saved)).toBeNull();
    expect(editRequest(5, saved, { ...saved, tags: ' A ;B;; ' })).toBeNull();
    expect(editRequest(5, saved, { ...saved, tags: 'a; B' })).toEqual({ siteId: 5, tags: 'a;B' });
    expect(editRequest(5, saved, { ...saved, tags: 'A; B; C; c' })).toEqual({ siteId: 5, tags: 'A;B;C' });
    expect(editRequest(5, saved, { ...saved, siteName: '  Depot North ', externalID: '' })).toEqual({ siteId: 5, siteName: 'Depot North', externalID: '' });
    expect(editRequest(5, saved, { ...saved, notes: 'Gate 2' })).toEqual({ siteId: 5, notes: 'Gate 2' });
  });

  it('adds, removes and replaces tags for the bulk edit', () => {
    expect(tagsAfter(['North', 'VIP'], ['vip', 'Audited'], 'add')).toEqual(['North', 'VIP', 'Audited']);
    expect(tagsAfter(['North', 'VIP'], ['vip'], 'remove')).toEqual(['North']);
    expect(tagsAfter(['North', 'VIP'], [' Closed ', 'closed'], 'replace')).toEqual(['Closed']);
    expect(tagsAfter(['North'], [], 'replace')).toEqual([]);
  });
});
