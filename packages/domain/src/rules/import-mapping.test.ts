import { describe, expect, it } from 'vitest';
import { importMappingProblem } from './import-mapping';
import { ImportMessages } from '../schemas/import';

const columns = [
  { columnIndex: 0, name: 'Store' },
  { columnIndex: 1, name: 'Address' },
  { columnIndex: 2, name: 'Branch name' },
];

describe('importMappingProblem', () => {
  it('accepts a name and an address, or a name and both coordinates', () => {
    expect(importMappingProblem([{ columnIndex: 0, field: 'siteName' }, { columnIndex: 1, field: 'street' }], columns)).toBeNull();
    expect(importMappingProblem([{ columnIndex: 0, field: 'siteName' }, { columnIndex: 1, field: 'latitude' }, { columnIndex: 2, field: 'longitude' }], columns)).toBeNull();
  });

  it('refuses a field matched to a second column, naming the first', () => {
    expect(importMappingProblem([{ columnIndex: 0, field: 'siteName' }, { columnIndex: 2, field: 'siteName' }, { columnIndex: 1, field: 'street' }], columns)).toBe(
      ImportMessages.fieldMatchedTwice('Site Name', 'Store'),
    );
  });

  it('asks for the site name and for an address or coordinates', () => {
    expect(importMappingProblem([{ columnIndex: 1, field: 'street' }], columns)).toBe(ImportMessages.siteNameNotMapped);
    expect(importMappingProblem([{ columnIndex: 0, field: 'siteName' }, { columnIndex: 1, field: 'latitude' }], columns)).toBe(ImportMessages.addressNotMapped);
  });
});
