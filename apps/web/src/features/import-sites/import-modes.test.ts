import { describe, expect, it } from 'vitest';
import { UpdateFlag } from '@riskatlas/domain';
import { DEFAULT_IMPORT_OPTIONS, importPageTitle, processQueryOf, toggleUpdateFlag } from './import-modes';

describe('Import Sites modes', () => {
  it('titles each mode as the spec does', () => {
    expect(importPageTitle(0, true)).toBe('Create Multiple Reports / Sites');
    expect(importPageTitle(1, false)).toBe('Import Site File');
    expect(importPageTitle(1, true)).toBe('Match Columns');
    expect(importPageTitle(1.5, true)).toBe('Review Import Example');
    expect(importPageTitle(2, true)).toBe('Select Import Options');
  });

  it('lets replace and append of one field exclude each other', () => {
    const appended = toggleUpdateFlag(UpdateFlag.ReplaceTags | UpdateFlag.ReplaceNotes, UpdateFlag.AppendTags, true);
    expect(appended).toBe(UpdateFlag.AppendTags | UpdateFlag.ReplaceNotes);
    expect(toggleUpdateFlag(appended, UpdateFlag.ReplaceNotes, false)).toBe(UpdateFlag.AppendTags);
  });

  it('turns the options into the process query: matching bits 384 by default', () => {
    expect(processQueryOf(DEFAULT_IMPORT_OPTIONS, true)).toMatchObject({ hasHeader: true, matchingFlags: 384, capDefined: true, acceptFirstCandidate: false });
    expect(processQueryOf({ ...DEFAULT_IMPORT_OPTIONS, matching: 'none' }, false).matchingFlags).toBe(0);
  });
});
