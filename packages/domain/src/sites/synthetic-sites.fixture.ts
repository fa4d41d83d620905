/**
 * A deterministic synthetic site portfolio for tests and size/speed checks of the packed list and
 * the search. Test input only — never product data. It imitates a national retail chain imported
 * in batches: store-number order (not geographic), cities weighted by size, real city centres and
 * ZIP prefixes, typical street/name lengths (~20 characters each), two tags, one or two scores.
 */
import type { PackedSite } from './packed-sites';

/** A site with every optional field empty; tests override what they exercise. */
export function blankSite(overrides: Partial<PackedSite> & { siteId: number }): PackedSite {
  return {
    siteName: 'Site',
    notes: null,
    tags: [],
    street: null,
    street2: null,
    city: null,
    state: null,
    zipCode: null,
    countryCode: 'USA',
    countryDisplay: 'United States',
    latitude: 41.8781136,
    longitude: -87.6297982,
    ct: 3,
    created: '2024-03-05T14:07:09.000Z',
    lrr: null,
    eid: null,
    s: {},
    l: null,
    i: null,
    classes: [],
    classificationView: null,
    geocodeType: null,
    ...overrides,
  };
}

/** [city, state, latitude, longitude, zip prefix (3 digits)] of real US cities. */
const US_CITIES: readonly (readonly [string, string, number, number, string])[] = [
  ['New York', 'NY', 40.7128, -74.006, '100'], ['Los Angeles', 'CA', 34.0522, -118.2437, '900'],
  ['Chicago', 'IL', 41.8781, -87.6298, '606'], ['Houston', 'TX', 29.7604, -95.3698, '770'],
  ['Phoenix', 'AZ', 33.4484, -112.074, '850'], ['Philadelphia', 'PA', 39.9526, -75.1652, '191'],
  ['San Antonio', 'TX', 29.4241, -98.4936, '782'], ['San Diego', 'CA', 32.7157, -117.1611, '921'],
  ['Dallas', 'TX', 32.7767, -96.797, '752'], ['San Jose', 'CA', 37.3382, -121.8863, '951'],
  ['Austin', 'TX', 30.2672, -97.7431, '787'], ['Jacksonville', 'FL', 30.3322, -81.6557, '322'],
  ['Columbus', 'OH', 39.9612, -82.9988, '432'], ['Charlotte', 'NC', 35.2271, -80.8431, '282'],
  ['Indianapolis', 'IN', 39.7684, -86.1581, '462'], ['Seattle', 'WA', 47.6062, -122.3321, '981'],
  ['Denver', 'CO', 39.7392, -104.9903, '802'], ['Boston', 'MA', 42.3601, -71.0589, '021'],
  ['Nashville', 'TN', 36.1627, -86.7816, '372'], ['Detroit', 'MI', 42.3314, -83.0458, '482'],
  ['Portland', 'OR', 45.5152, -122.6784, '972'], ['Las Vegas', 'NV', 36.1699, -115.1398, '891'],
  ['Memphis', 'TN', 35.1495, -90.049, '381'], ['Louisville', 'KY', 38.2527, -85.7585, '402'],
  ['Baltimore', 'MD', 39.2904, -76.6122, '212'], ['Milwaukee', 'WI', 43.0389, -87.9065, '532'],
  ['Albuquerque', 'NM', 35.0844, -106.6504, '871'], ['Tucson', 'AZ', 32.2226, -110.9747, '857'],
  ['Fresno', 'CA', 36.7378, -119.7871, '937'], ['Sacramento', 'CA', 38.5816, -121.4944, '958'],
  ['Kansas City', 'MO', 39.0997, -94.5786, '641'], ['Atlanta', 'GA', 33.749, -84.388, '303'],
  ['Omaha', 'NE', 41.2565, -95.9345, '681'], ['Raleigh', 'NC', 35.7796, -78.6382, '276'],
  ['Miami', 'FL', 25.7617, -80.1918, '331'], ['Minneapolis', 'MN', 44.9778, -93.265, '554'],
  ['Tulsa', 'OK', 36.154, -95.9928, '741'], ['Cleveland', 'OH', 41.4993, -81.6944, '441'],
  ['Wichita', 'KS', 37.6872, -97.3301, '672'], ['New Orleans', 'LA', 29.9511, -90.0715, '701'],
  ['Tampa', 'FL', 27.9506, -82.4572, '336'], ['Pittsburgh', 'PA', 40.4406, -79.9959, '152'],
  ['Cincinnati', 'OH', 39.1031, -84.512, '452'], ['St. Louis', 'MO', 38.627, -90.1994, '631'],
  ['Orlando', 'FL', 28.5383, -81.3792, '328'], ['Buffalo', 'NY', 42.8864, -78.8784, '142'],
  ['Newark', 'NJ', 40.7357, -74.1724, '071'], ['Hartford', 'CT', 41.7658, -72.6734, '061'],
  ['Providence', 'RI', 41.824, -71.4128, '029'], ['Salt Lake City', 'UT', 40.7608, -111.891, '841'],
  ['Richmond', 'VA', 37.5407, -77.436, '232'], ['Birmingham', 'AL', 33.5186, -86.8104, '352'],
  ['Boise', 'ID', 43.615, -116.2023, '837'], ['Des Moines', 'IA', 41.5868, -93.625, '503'],
  ['Madison', 'WI', 43.0731, -89.4012, '537'], ['Springfield', 'IL', 39.7817, -89.6501, '627'],
  ['Anchorage', 'AK', 61.2181, -149.9003, '995'], ['Honolulu', 'HI', 21.3069, -157.8583, '968'],
  ['Little Rock', 'AR', 34.7465, -92.2896, '722'], ['Charleston', 'SC', 32.7765, -79.9311, '294'],
];
/** A few Canadian cities, so some sites carry another country and letter postcodes. */
const CA_CITIES: readonly (readonly [string, string, number, number, string])[] = [
  ['Toronto', 'ON', 43.6532, -79.3832, 'M5V'], ['Montréal', 'QC', 45.5017, -73.5673, 'H2X'],
  ['Vancouver', 'BC', 49.2827, -123.1207, 'V6B'], ['Calgary', 'AB', 51.0447, -114.0719, 'T2P'],
];
const STREET_NAMES = [
  'Main', 'Oak', 'Maple', 'Cedar', 'Pine', 'Elm', 'Washington', 'Lake', 'Hill', 'Park', 'Sunset', 'Lincoln',
  'Jefferson', 'Highland', 'Church', 'Market', 'Broadway', 'Franklin', 'Madison', 'Jackson', 'Center', 'River',
  'Spring', 'Walnut', 'Willow', 'Ridge', 'Valley', 'Meadow', 'Forest', 'Union', 'Chestnut', 'Adams', 'Grant',
  'Wilson', 'Hickory', 'Dogwood', 'Magnolia', 'Sycamore', 'Birch', 'Commerce', 'Industrial', 'College',
  '1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th', '12th', '14th', '23rd', '42nd',
  'Martin Luther King Jr', 'Old Mill', 'Country Club', 'Route 9', 'Airport', 'University', 'Veterans Memorial',
];
const SUFFIXES = ['St', 'Ave', 'Rd', 'Blvd', 'Dr', 'Ln', 'Way', 'Pkwy', 'Hwy', 'Ct', 'Pl'];
const DIRECTIONS = ['N', 'S', 'E', 'W', 'NE', 'SW'];
const BRANDS = ['Acme Market', 'FreshWay', 'Northstar Fuel', 'Harbor Pharmacy', 'Summit Bank'];
const DESCRIPTORS = ['Downtown', 'Plaza', 'Mall', 'Crossing', 'Center', 'Station', 'Square', 'Commons', 'Depot'];
const TAGS = [
  'Northeast', 'Southeast', 'Midwest', 'Southwest', 'West', 'Owned', 'Leased', 'Drive-thru', '24h', 'Flagship',
  'Remodel 2023', 'High traffic', 'Mall', 'Standalone', 'Franchise', 'Corporate', 'Pilot', 'Closed Sundays',
];
const CLASS_NAMES = ['Retail', 'Warehouse', 'Office', 'Distribution', 'Pharmacy', 'Fuel', 'Bank branch', 'Clinic'];
const NOTES = [
  'Parking shared with neighbouring tenants.',
  'Access through the loading dock after 10 pm.',
  'Lease renews in 2027; landlord contact on file.',
  'Security guard on site weekends.',
  'Former bank branch converted in 2019.',
];

/** A small seeded generator (mulberry32): the same seed always gives the same portfolio. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` synthetic sites, ids 1…count in import order. Dates are whole seconds (the packed
 * format's precision), coordinates 7 decimals.
 */
export function syntheticSites(count: number, seed = 1): PackedSite[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  // Zipf-like weight: big cities hold more sites, as real portfolios do.
  const city = () => {
    if (next() < 0.03) return { row: pick(CA_CITIES), canada: true };
    return { row: US_CITIES[Math.floor(US_CITIES.length * next() ** 2)]!, canada: false };
  };
  const sites: PackedSite[] = [];
  let batchCreated = Date.UTC(2019, 0, 7, 15, 0, 0) / 1000;
  let batchReported = batchCreated + 86_400;
  for (let siteId = 1; siteId <= count; siteId += 1) {
    // Imports arrive in batches that share one transaction time, weeks apart; a few sites are
    // added one by one. Reports of a batch are mostly created together too.
    if (next() < 0.002) {
      batchCreated += Math.floor(next() * 20 * 86_400);
      batchReported = batchCreated + Math.floor(next() * 30 * 86_400);
    }
    const single = next() < 0.05;
    const created = single ? batchCreated + Math.floor(next() * 86_400) : batchCreated;
    const { row, canada } = city();
    const [cityName, state, lat, lng, zipPrefix] = row;
    const storeNumber = 1000 + Math.floor(next() * 9000);
    const brand = pick(BRANDS);
    const siteName = next() < 0.6 ? `${brand} #${storeNumber}` : `${brand} ${cityName} ${pick(DESCRIPTORS)}`;
    const direction = next() < 0.25 ? `${pick(DIRECTIONS)} ` : '';
    const street = `${1 + Math.floor(next() ** 2 * 19_999)} ${direction}${pick(STREET_NAMES)} ${pick(SUFFIXES)}`;
    const zipCode = canada
      ? `${zipPrefix} ${Math.floor(next() * 10)}${String.fromCharCode(65 + Math.floor(next() * 26))}${Math.floor(next() * 10)}`
      : `${zipPrefix}${String(Math.floor(next() * 100)).padStart(2, '0')}`;
    const tagCount = next() < 0.1 ? 0 : next() < 0.15 ? 1 : next() < 0.9 ? 2 : 3;
    const tags: string[] = [];
    while (tags.length < tagCount) {
      const tag = pick(TAGS);
      if (!tags.includes(tag)) tags.push(tag);
    }
    const hasReport = next() < 0.9;
    const s: Record<string, number> = {};
    if (hasReport) {
      s['2'] = Math.min(2000, Math.floor(40 + next() ** 3 * 900));
      if (next() < 0.5) s['3'] = Math.min(2000, Math.floor(30 + next() ** 3 * 1100));
    }
    const classCount = next() < 0.6 ? 0 : next() < 0.8 ? 1 : 2;
    const classes: number[] = [];
    while (classes.length < classCount) {
      const id = 1 + Math.floor(next() * CLASS_NAMES.length);
      if (!classes.includes(id)) classes.push(id);
    }
    const geocodeRoll = next();
    const lrrSeconds = single || next() < 0.2 ? created + Math.floor(next() * 400 * 86_400) : batchReported;
    sites.push({
      siteId,
      siteName,
      notes: next() < 0.12 ? pick(NOTES) : null,
      tags,
      street,
      street2: next() < 0.12 ? `Suite ${100 + Math.floor(next() * 900)}` : null,
      city: cityName,
      state,
      zipCode,
      countryCode: canada ? 'CAN' : 'USA',
      countryDisplay: canada ? 'Canada' : 'United States',
      latitude: Math.round((lat + (next() - 0.5) * 0.3) * 1e7) / 1e7,
      longitude: Math.round((lng + (next() - 0.5) * 0.4) * 1e7) / 1e7,
      ct: next() < 0.55 ? 2 : next() < 0.7 ? 1 : next() < 0.85 ? 0 : 3,
      created: new Date(created * 1000).toISOString(),
      lrr: hasReport ? new Date(lrrSeconds * 1000).toISOString() : null,
      eid: next() < 0.7 ? String(storeNumber) : null,
      s,
      l: hasReport ? { r: 2021 + Math.floor(next() * 5), p: pick([0, 0, 1, 6]), f: pick([0, 0, 1, 4, 5]) } : null,
      i: next() < 0.3
        ? { r: new Date(Date.UTC(2024, 0, 1) + Math.floor(next() * 700) * 86_400_000).toISOString().slice(0, 10), b: next() < 0.3, s: next() < 0.5, l: true }
        : null,
      classes,
      classificationView: classes.length > 0 ? classes.map((id) => CLASS_NAMES[id - 1]!).join(', ') : null,
      geocodeType: geocodeRoll < 0.85 ? 'ADDRESS' : geocodeRoll < 0.9 ? 'POSTCODE' : geocodeRoll < 0.92 ? 'CITY' : 'MANUAL',
    });
  }
  return sites;
}
