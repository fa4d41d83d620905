import { IMPORT_FIELD_LABELS, ImportMessages, type TImportColumn, type TImportField, type TImportMapping } from '../schemas/import';

/**
 * What is wrong with a column mapping, in the words the mapping step shows, or null when it can be
 * processed: each field matched at most once, a column for the site name, and either
 * an address column or both coordinates. `columns` names the file's columns for the messages.
 */
export function importMappingProblem(mapping: TImportMapping, columns: readonly Pick<TImportColumn, 'columnIndex' | 'name'>[]): string | null {
  const columnName = (index: number) => columns.find((column) => column.columnIndex === index)?.name ?? `Column ${index + 1}`;
  const matched = new Map<TImportField, number>();
  for (const { columnIndex, field } of mapping) {
    if (field === null) continue;
    const earlier = matched.get(field);
    if (earlier !== undefined && earlier !== columnIndex) return ImportMessages.fieldMatchedTwice(IMPORT_FIELD_LABELS[field], columnName(earlier));
    matched.set(field, columnIndex);
  }
  if (!matched.has('siteName')) return ImportMessages.siteNameNotMapped;
  const hasAddress = (['street', 'city', 'state', 'zipCode', 'countryCode'] as const).some((field) => matched.has(field));
  const hasCoordinates = matched.has('latitude') && matched.has('longitude');
  if (!hasAddress && !hasCoordinates) return ImportMessages.addressNotMapped;
  return null;
}
