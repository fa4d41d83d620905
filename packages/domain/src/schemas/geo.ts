import { z } from 'zod';
import { parseCountryCode } from '../countries';
import { parseCoordinate } from '../rules/coordinates';
import { labelled, zNumber, zQueryBool, zText } from './fields';

/**
 * Geographic API payloads: geocoding (sites/geocode, sites/reverse, sites/isscorable),
 * places search and details (places/*), county bounding boxes, and the data pack's
 * attribution list.
 */

const coordinateParam = (axis: 'latitude' | 'longitude') =>
  z
    .string(labelled(axis === 'latitude' ? 'Latitude' : 'Longitude'))
    .transform((text, ctx) => {
      const value = parseCoordinate(text, axis);
      if (value === undefined) {
        const range = axis === 'latitude' ? '-90 to 90' : '-180 to 180';
        ctx.addIssue({ code: 'custom', message: `${axis === 'latitude' ? 'Latitude' : 'Longitude'} must be a number from ${range} with at most 15 decimals.` });
        return z.NEVER;
      }
      return value;
    })
    .describe(`${axis === 'latitude' ? 'Latitude -90 to 90' : 'Longitude -180 to 180'}, decimal degrees, up to 15 decimals`);

/** A latitude in a path: decimal text within -90..90, at most 15 decimals. */
export const ZLatitudeParam = coordinateParam('latitude');
/** A longitude in a path: decimal text within -180..180, at most 15 decimals. */
export const ZLongitudeParam = coordinateParam('longitude');

/** Path of sites/reverse/{lat}/{lng} and map/countyboundingbox/{lat}/{lng}. */
export const ZLatLngParams = z.object({ lat: ZLatitudeParam, lng: ZLongitudeParam });
/** Path of sites/isscorable/{a}/{b}: a is the latitude, b the longitude. */
export const ZIsScorableParams = z.object({ a: ZLatitudeParam, b: ZLongitudeParam });

/** A latitude in a JSON body. */
export const ZLatitude = zNumber('Latitude', -90, 90).describe('Latitude, decimal degrees');
/** A longitude in a JSON body. */
export const ZLongitude = zNumber('Longitude', -180, 180).describe('Longitude, decimal degrees');

/** One address part of a geocode request: absent and null read as blank. */
const addressPart = (label: string, description: string) =>
  zText(label, { max: 500 })
    .nullish()
    .transform((value) => value ?? '')
    .describe(description);

/** A covered country's code: ISO-3 or ISO-2 (or its English name), any case. */
export const ZCountryCodeInput = z
  .string(labelled('Country'))
  .max(60)
  .refine((value) => parseCountryCode(value) !== undefined, {
    error: 'Country must be a covered country: USA, CAN, GBR, MEX or PRI (or US, CA, GB, MX, PR).',
  })
  .describe('Country: ISO-3 (USA, CAN, GBR, MEX, PRI) or ISO-2 (US, CA, GB, MX, PR)');

/** Body of POST sites/geocode. */
export const ZGeocodeRequest = z.object({
  street: addressPart('Street', 'Street line, e.g. "233 S Wacker Dr"'),
  street2: addressPart('Second address line', 'Second address line (suite, urbanization)'),
  city: addressPart('City', 'City, town, municipio or colonia'),
  state: addressPart('State', 'State, province or region: code or name'),
  zipCode: addressPart('ZIP or postal code', 'ZIP, postal code, postcode or CP'),
  countryCode: ZCountryCodeInput,
});
export type TGeocodeRequest = z.input<typeof ZGeocodeRequest>;

/** Query of POST sites/geocode. */
export const ZGeocodeQuery = z.object({
  checkIsScorable: zQueryBool('Check is scorable').optional().describe('true: drop candidates outside every covered country'),
  acceptFirstCandidate: zQueryBool('Accept first candidate').optional().describe('true: answer only the best candidate'),
});

/** How precisely a candidate places the address. MANUAL is a user-placed pin. */
export const ZGeocodePrecision = z.enum(['ADDRESS', 'POSTCODE', 'CITY', 'MANUAL']);
export type TGeocodePrecision = z.infer<typeof ZGeocodePrecision>;

/** A geocode candidate (with PascalCase names), with precision, confidence and where it falls. */
export const ZGeocodeCandidate = z.object({
  Street: z.string().describe('Street line as matched (the input street when matched below address level)'),
  City: z.string(),
  State: z.string().describe('State/province/region code'),
  PostalCode: z.string(),
  Country: z.string().describe('ISO-3 country code'),
  Coordinates: z.object({ Latitude: z.number(), Longitude: z.number() }).describe('Kept to 7 decimals'),
  precision: ZGeocodePrecision,
  confidence: z.number().min(0).max(1).describe('0 to 1: how sure the geocoder is that this is the address'),
  countryId: z.number().int().describe('Country id of the candidate'),
  county: z.string().nullable().describe('County, municipio or district name when known'),
});
export type TGeocodeCandidate = z.infer<typeof ZGeocodeCandidate>;

/** Answer of POST sites/geocode: candidates, best first; `message` when there are none. */
export const ZGeocodeResponse = z.object({
  candidates: z.array(ZGeocodeCandidate),
  message: z.string().optional().describe('The geocode-failure message when no candidate remains'),
});
export type TGeocodeResponse = z.infer<typeof ZGeocodeResponse>;

/**
 * Answer of GET sites/reverse/{lat}/{lng}: the nearest postal area / place as an address, with the
 * asked point kept to 12 decimals, ready for a Pin location or an Address.
 */
export const ZReverseGeocodeResponse = z.object({
  name: z.string().describe('The place the point is in or nearest to'),
  street: z.string().describe('Always blank: the embedded data has no street lines'),
  city: z.string(),
  state: z.string().describe('State/province/region code'),
  zipCode: z.string(),
  countryCode: z.string().describe('ISO-3 country code'),
  countryId: z.number().int(),
  countryDisplay: z.string(),
  county: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  distanceMeters: z.number().describe('Metres from the point to the postal area or place used'),
});
export type TReverseGeocodeResponse = z.infer<typeof ZReverseGeocodeResponse>;

/** Answer of GET sites/isscorable/{a}/{b}. */
export const ZIsScorableResponse = z.object({
  isScorable: z.boolean().describe('The point is inside a covered country (its boundary, not its bounding box)'),
  countryId: z.number().int().nullable().describe('The country containing the point; null outside'),
});
export type TIsScorableResponse = z.infer<typeof ZIsScorableResponse>;

/** Body of POST places/autocomplete. */
export const ZAutocompleteRequest = z.object({
  search: zText('Search', { max: 200 }).describe('What the user typed: a place, a postal code, or coordinates "41.88, -87.62"'),
  lat: ZLatitude.nullish().describe('Latitude of the reference point (the map centre)'),
  lng: ZLongitude.nullish().describe('Longitude of the reference point'),
  radius: z.number(labelled('Radius')).positive().max(20_037_509).default(200_000).describe('Metres around the reference point that rank first (default 200000)'),
});
export type TAutocompleteRequest = z.input<typeof ZAutocompleteRequest>;

/** One prediction of places/autocomplete. */
export const ZAutocompletePrediction = z.object({
  description: z.string().describe('One line: "Chicago, IL, USA", "60601 Chicago, IL, USA", "41.88, -87.62"'),
  place_id: z.string().describe('Id for places/details'),
  latitude: z.number(),
  longitude: z.number(),
  kind: z.enum(['place', 'postal', 'coordinates']),
});
export type TAutocompletePrediction = z.infer<typeof ZAutocompletePrediction>;

/** Answer of POST places/autocomplete: nearby predictions first. */
export const ZAutocompleteResponse = z.object({ predictions: z.array(ZAutocompletePrediction) });
export type TAutocompleteResponse = z.infer<typeof ZAutocompleteResponse>;

/** Body of POST places/details: the place id as a JSON string, or {placeId}. */
const ZPlaceId = zText('Place id', { min: 1, max: 200 }).describe('The place_id of an autocomplete prediction');
export const ZPlaceDetailsRequest = z.union([ZPlaceId, z.object({ placeId: ZPlaceId })], labelled('Place id'));
export type TPlaceDetailsRequest = z.infer<typeof ZPlaceDetailsRequest>;

/** Place details: the point and address of a place. */
export const ZPlaceDetails = z.object({
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }),
  name: z.string(),
  street: z.string(),
  street2: z.string(),
  city: z.string(),
  state: z.string().describe('State/province/region code'),
  postalCode: z.string(),
  country: z.string().describe('ISO-3 country code'),
  countryId: z.number().int().nullable().describe('Covered country containing the place; null outside'),
});
export type TPlaceDetails = z.infer<typeof ZPlaceDetails>;

/** Answer of GET map/countyboundingbox/{lat}/{lng}: the county (US/PR) or Mexican state around the point. */
export const ZCountyBoundingBox = z.object({
  countyId: z.string().describe('US/PR five-digit FIPS; Mexico "MX-" + INEGI state code'),
  name: z.string(),
  state: z.string().describe('State code'),
  stateName: z.string(),
  countryId: z.number().int(),
  boundingBox: z.array(z.number()).length(4).describe('[west, south, east, north], degrees'),
});
export type TCountyBoundingBox = z.infer<typeof ZCountyBoundingBox>;

/** One source of the data pack and the attribution its licence asks for. */
export const ZDataSource = z.object({
  name: z.string(),
  publisher: z.string(),
  licence: z.string(),
  attribution: z.string().describe('The sentence the product shows'),
  url: z.string().optional(),
  usedBy: z.array(z.string()).optional().describe('Which part of the product reads it: gazetteer (geocoding, places, boundaries), scoring (crime-risk scores)'),
});
export type TDataSource = z.infer<typeof ZDataSource>;

/** Answer of GET data/sources. */
export const ZDataSourceList = z.array(ZDataSource);
