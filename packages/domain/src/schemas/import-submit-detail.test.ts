import { describe, expect, it } from 'vitest';
import { ImportMessages, parseImportSubmitDetail, type TImportSubmitDetail } from './import';

describe('parseImportSubmitDetail', () => {
  const detail: TImportSubmitDetail = { message: ImportMessages.importComplete, created: 3, updated: 1, skipped: 2, batchId: null, batchMessage: null, finished: '2026-11-25T06:00:00.000Z' };

  it('reads back what the submit task wrote', () => {
    expect(parseImportSubmitDetail(JSON.stringify(detail))).toEqual(detail);
  });

  it('answers null for any other task detail: none, plain words, or JSON of another shape', () => {
    expect(parseImportSubmitDetail(null)).toBeNull();
    expect(parseImportSubmitDetail('Your batch of 3 reports is ready.')).toBeNull();
    expect(parseImportSubmitDetail(JSON.stringify({ message: 'x', created: 'many' }))).toBeNull();
  });
});
