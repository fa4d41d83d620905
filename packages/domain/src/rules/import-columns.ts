import type { TImportField, TImportMapping } from '../schemas/import';

/**
 * Reading an uploaded file's first rows: whether the first row names the columns, and which site
 * field each named column most likely fills (header names in English, French and Spanish). Pure,
 * so the API suggests at upload and the web client can suggest again while the user edits.
 */

/** The match key of a header cell: accents folded, lower case, '#' read as 'number', other punctuation as spaces. */
export function columnNameKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/#/g, ' number ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The names a column of each field goes by, as header keys. Order inside a list does not matter;
 * an exact name beats a name found inside a longer header ('Store Number' is the external id even
 * though it holds 'store').
 */
const FIELD_NAMES: Readonly<Record<TImportField, readonly string[]>> = {
  siteName: [
    'site name', 'site', 'name', 'store', 'store name', 'location name', 'location', 'facility', 'facility name', 'branch', 'branch name', 'property', 'property name', 'building',
    'nom du site', 'nom', 'site nom', 'nom du magasin', 'magasin', 'etablissement', 'nom de l etablissement', 'agence',
    'nombre', 'nombre del sitio', 'nombre de la tienda', 'nombre del local', 'sitio', 'tienda', 'sucursal', 'local',
  ],
  street: [
    'address', 'street', 'street address', 'address 1', 'address line 1', 'addr', 'addr1', 'address1', 'street 1', 'street1', 'line 1', 'site address', 'store address',
    'adresse', 'rue', 'adresse 1', 'adresse ligne 1', 'voie', 'adresse postale',
    'direccion', 'calle', 'direccion 1', 'domicilio', 'calle y numero',
  ],
  street2: [
    'address 2', 'address line 2', 'addr2', 'address2', 'street 2', 'street2', 'line 2', 'suite', 'unit', 'apt', 'apartment',
    'adresse 2', 'adresse ligne 2', 'complement', 'complement d adresse', 'direccion 2', 'interior', 'colonia',
  ],
  city: ['city', 'town', 'locality', 'municipality', 'city town', 'ville', 'commune', 'localite', 'ciudad', 'municipio', 'localidad', 'poblacion'],
  state: ['state', 'province', 'state province', 'province state', 'region', 'st', 'prov', 'state code', 'etat', 'departement', 'estado', 'provincia', 'entidad federativa', 'comunidad autonoma'],
  zipCode: [
    'zip', 'zip code', 'zipcode', 'postal code', 'postcode', 'post code', 'postal', 'zip post code', 'zip postal code', 'postal zip code',
    'code postal', 'cp', 'code post', 'codigo postal', 'cod postal', 'c p',
  ],
  countryCode: ['country', 'country code', 'country name', 'iso country', 'pays', 'code pays', 'pais', 'codigo de pais', 'codigo pais'],
  latitude: ['latitude', 'lat', 'latitud', 'y coordinate'],
  longitude: ['longitude', 'lon', 'lng', 'long', 'longitud', 'x coordinate'],
  tags: ['tags', 'tag', 'labels', 'label', 'etiquettes', 'etiquette', 'mots cles', 'etiquetas', 'etiqueta'],
  classifications: ['classifications', 'classification', 'category', 'categories', 'class', 'categorie', 'categoria', 'categorias', 'clasificacion', 'clasificaciones'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks', 'remarques', 'remarque', 'commentaires', 'commentaire', 'notas', 'nota', 'comentarios', 'observaciones'],
  externalId: [
    'external id', 'externalid', 'store number', 'store no', 'store id', 'store code', 'site number', 'site code', 'location id', 'location number', 'location code',
    'branch number', 'branch id', 'reference', 'ref', 'id',
    'id externe', 'identifiant externe', 'numero de magasin', 'numero du magasin', 'code magasin', 'numero de site',
    'id externo', 'identificador externo', 'numero de tienda', 'numero de sucursal', 'codigo de tienda', 'clave',
  ],
};

const EXACT = 3;
const CONTAINED = 2;

/** How well a header key names a field: 3 exactly one of its names, 2 holds one as whole words, 0 not at all. */
function fieldScore(key: string, field: TImportField): number {
  let best = 0;
  for (const name of FIELD_NAMES[field]) {
    if (key === name) return EXACT;
    // Short names ('st', 'cp', 'id', 'lat') only count exactly: inside a longer header they mislead.
    if (name.length > 3 && ` ${key} `.includes(` ${name} `)) best = CONTAINED;
  }
  return best;
}

/**
 * Whether a cell is exactly one of the names of some field. Only exact names count here: a data
 * cell such as 'Acme Store' or '12 Main Street' holds a field name too.
 */
export function isKnownFieldName(text: string): boolean {
  const key = columnNameKey(text);
  return key !== '' && (Object.keys(FIELD_NAMES) as TImportField[]).some((field) => fieldScore(key, field) === EXACT);
}

/**
 * The fields suggested for the named columns: each field to at most one column and each column to
 * at most one field, the best-named pairs first (an exact name before a contained one, then the
 * leftmost column). Columns with no likely field are left out.
 */
export function suggestImportMappings(headers: readonly string[]): TImportMapping {
  const pairs: { columnIndex: number; field: TImportField; score: number }[] = [];
  headers.forEach((header, columnIndex) => {
    const key = columnNameKey(header);
    if (!key) return;
    for (const field of Object.keys(FIELD_NAMES) as TImportField[]) {
      const score = fieldScore(key, field);
      if (score > 0) pairs.push({ columnIndex, field, score });
    }
  });
  pairs.sort((a, b) => b.score - a.score || a.columnIndex - b.columnIndex);
  const takenFields = new Set<TImportField>();
  const takenColumns = new Set<number>();
  const mapping: TImportMapping = [];
  for (const pair of pairs) {
    if (takenFields.has(pair.field) || takenColumns.has(pair.columnIndex)) continue;
    takenFields.add(pair.field);
    takenColumns.add(pair.columnIndex);
    mapping.push({ columnIndex: pair.columnIndex, field: pair.field });
  }
  return mapping.sort((a, b) => a.columnIndex - b.columnIndex);
}

/** A cell that reads as a number, a date or a code of digits (a value, never a label). */
function isNumberLike(text: string): boolean {
  return /^[-+(]?[\d\s.,:/()-]*\d[\d\s.,:/()-]*$/.test(text.trim());
}

/**
 * Whether the first row of a file looks like a header: its cells are labels (filled, distinct,
 * not numbers, few digits), and either some name a known field or some sit above columns of numbers
 * below. `below` are the next rows (a dozen is plenty).
 */
export function looksLikeHeader(first: readonly string[], below: readonly (readonly string[])[]): boolean {
  const cells = first.map((cell) => cell.trim()).filter((cell) => cell !== '');
  if (cells.length === 0) return false;
  // Labels are never numbers, and never start with a house number ('12 Main Street').
  if (cells.some((cell) => isNumberLike(cell) || /^\d+[a-z]?\s+\S/i.test(cell))) return false;
  const withDigits = cells.filter((cell) => /\d/.test(cell)).length;
  if (withDigits * 2 > cells.length) return false;
  const known = cells.filter(isKnownFieldName).length;
  const distinct = new Set(cells.map(columnNameKey)).size === cells.length;
  if (known >= 2 || (known === 1 && distinct)) return true;
  if (!distinct) return false;
  // No known names: a label above a column whose values are numbers is the tell-tale.
  const overNumbers = first.some((cell, column) => {
    const values = below.map((row) => row[column]?.trim() ?? '').filter((value) => value !== '');
    return cell.trim() !== '' && values.length > 0 && values.filter(isNumberLike).length * 2 >= values.length;
  });
  // Nor that: a header never repeats below, and is shorter than the values it names.
  const repeatsBelow = below.some((row) => first.some((cell, column) => cell.trim() !== '' && row[column]?.trim() === cell.trim()));
  return overNumbers || (!repeatsBelow && cells.length === first.length && cells.every((cell) => cell.length <= 40));
}
