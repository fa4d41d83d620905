import { describe, expect, it } from 'vitest';
import { columnNameKey, looksLikeHeader, suggestImportMappings } from './import-columns';
import type { TImportField } from '../schemas/import';

/** The suggested field of each header, in order (null = none). */
function fieldsOf(headers: string[]): (TImportField | null)[] {
  const mapping = suggestImportMappings(headers);
  return headers.map((_, index) => mapping.find((entry) => entry.columnIndex === index)?.field ?? null);
}

describe('suggestImportMappings', () => {
  it('reads English headers', () => {
    expect(fieldsOf(['Site Name', 'Address', 'Address 2', 'City', 'State', 'Zip', 'Country', 'Lat', 'Lng', 'Tags', 'Notes', 'Store Number'])).toEqual([
      'siteName', 'street', 'street2', 'city', 'state', 'zipCode', 'countryCode', 'latitude', 'longitude', 'tags', 'notes', 'externalId',
    ]);
    expect(fieldsOf(['Store', 'Street', 'Town', 'Province', 'Postal Code', 'Longitude', 'Latitude'])).toEqual(['siteName', 'street', 'city', 'state', 'zipCode', 'longitude', 'latitude']);
  });

  it('reads French headers, accents and case ignored', () => {
    expect(fieldsOf(['Nom du site', 'Adresse', 'Ville', 'Région', 'Code postal', 'Pays', 'Étiquettes', 'Remarques', 'ID externe'])).toEqual([
      'siteName', 'street', 'city', 'state', 'zipCode', 'countryCode', 'tags', 'notes', 'externalId',
    ]);
    expect(fieldsOf(['NOM', 'RUE', 'VILLE', 'CP'])).toEqual(['siteName', 'street', 'city', 'zipCode']);
  });

  it('reads Spanish headers', () => {
    expect(fieldsOf(['Nombre', 'Dirección', 'Ciudad', 'Estado', 'Código postal', 'País', 'Etiquetas', 'Notas', 'ID externo'])).toEqual([
      'siteName', 'street', 'city', 'state', 'zipCode', 'countryCode', 'tags', 'notes', 'externalId',
    ]);
    expect(fieldsOf(['Tienda', 'Calle', 'Municipio', 'Provincia', 'CP', 'Latitud', 'Longitud'])).toEqual(['siteName', 'street', 'city', 'state', 'zipCode', 'latitude', 'longitude']);
  });

  it('suggests each field once, to the best-named column, and each column once', () => {
    // 'Store Number' names the external id exactly; 'Store' is the name.
    expect(fieldsOf(['Store Number', 'Store', 'Store Name'])).toEqual(['externalId', 'siteName', null]);
    // Two exact names of the same field: the leftmost wins, the other is left for the user.
    expect(fieldsOf(['City', 'Ville'])).toEqual(['city', null]);
    // A contained name gives way to an exact one wherever it stands.
    expect(fieldsOf(['Customer Site Name', 'Name'])).toEqual([null, 'siteName']);
    expect(fieldsOf(['Customer Site Name', 'Mailing City'])).toEqual(['siteName', 'city']);
    expect(fieldsOf(['Store #', 'Address Line 1'])).toEqual(['externalId', 'street']);
  });

  it("maps the store directory portfolio's headers (issue #16's real file)", () => {
    const headers = ['Brand', 'Store Number', 'store_name', 'Ownership_Type', 'Street Address', 'City', 'State/Province', 'Country', 'Postcode', 'Phone Number', 'Timezone', 'Longitude', 'Latitude'];
    expect(fieldsOf(headers)).toEqual([null, 'externalId', 'siteName', null, 'street', 'city', 'state', 'countryCode', 'zipCode', null, null, 'longitude', 'latitude']);
  });

  it('leaves unknown and empty headers unmatched', () => {
    expect(suggestImportMappings(['Revenue', '', 'Manager'])).toEqual([]);
    expect(fieldsOf(['Statistics'])).toEqual([null]);
  });
});

describe('columnNameKey', () => {
  it('folds accents, case and punctuation', () => {
    expect(columnNameKey('  Código_Postal ')).toBe('codigo postal');
    expect(columnNameKey('Zip/Post Code')).toBe('zip post code');
    expect(columnNameKey('Store #')).toBe('store number');
  });
});

describe('looksLikeHeader', () => {
  const rows = [
    ['Acme 1', '12 Main St', 'Springfield', 'IL', '62701'],
    ['Acme 2', '9 Oak Ave', 'Chicago', 'IL', '60601'],
  ];

  it('takes known field names as a header', () => {
    expect(looksLikeHeader(['Name', 'Address', 'City', 'State', 'Zip'], rows)).toBe(true);
    expect(looksLikeHeader(['Nombre', 'Dirección', 'Ciudad'], rows)).toBe(true);
  });

  it('takes unknown labels above numbers as a header', () => {
    expect(looksLikeHeader(['Branch office', 'Revenue'], [['North', '1200'], ['South', '900']])).toBe(true);
  });

  it('does not take a data row as a header', () => {
    expect(looksLikeHeader(rows[0]!, rows.slice(1))).toBe(false);
    expect(looksLikeHeader(['Acme Store', '12 Main Street', 'Springfield'], [['Beta Store', '9 Oak Ave', 'Chicago']])).toBe(false);
    expect(looksLikeHeader(['', '', ''], rows)).toBe(false);
    expect(looksLikeHeader(['41.88', '-87.63'], [['40.71', '-74.0']])).toBe(false);
  });

  it('does not take repeated labels or labels that repeat below as a header', () => {
    expect(looksLikeHeader(['North', 'North'], [['South', 'West']])).toBe(false);
    expect(looksLikeHeader(['North', 'East'], [['North', 'West']])).toBe(false);
  });
});
