import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAutocompleteRequest,
  ZAutocompleteResponse,
  ZCountyBoundingBox,
  ZDataSourceList,
  ZGeocodeQuery,
  ZGeocodeRequest,
  ZGeocodeResponse,
  ZIsScorableParams,
  ZIsScorableResponse,
  ZLatLngParams,
  ZPlaceDetails,
  ZPlaceDetailsRequest,
  ZReverseGeocodeResponse,
} from '@riskatlas/domain';
import type { AppDeps } from '../../platform/app-deps';
import { appGeocoder, geocodeRequest } from './geocode.service';
import { countyBoundingBox, isScorable, listDataSources, reverseGeocode } from './geo.service';
import { autocomplete, placeDetails, placeIdOf } from './places.service';

/**
 * Geography routes: sites/geocode, sites/reverse, sites/isscorable, places/autocomplete,
 * places/details, map/countyboundingbox, and the data pack's attribution list
 * (data/sources, public: the Help page and report footers show it).
 */
export function geoRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { gazetteer } = deps;
  return async (app) => {
    const geocode = appGeocoder(deps, app.log);
    app.post(
      '/sites/geocode',
      {
        config: { readOnlyAllowed: 'geocodes an address and stores nothing' },
        schema: {
          tags: ['geo'],
          summary: 'Candidates for an address, best first (empty with the geocode-failure message when none)',
          querystring: ZGeocodeQuery,
          body: ZGeocodeRequest,
          response: { 200: ZGeocodeResponse },
        },
      },
      async (request) => geocodeRequest({ gazetteer, geocode }, request.body, request.query),
    );

    app.get(
      '/sites/reverse/:lat/:lng',
      { schema: { tags: ['geo'], summary: 'The nearest postal area to a point, as an address', params: ZLatLngParams, response: { 200: ZReverseGeocodeResponse } } },
      async (request) => reverseGeocode(gazetteer, request.params.lat, request.params.lng),
    );

    app.get(
      '/sites/isscorable/:a/:b',
      {
        schema: {
          tags: ['geo'],
          summary: "Whether a point (a = latitude, b = longitude) is inside a covered country's boundary",
          params: ZIsScorableParams,
          response: { 200: ZIsScorableResponse },
        },
      },
      async (request) => isScorable(gazetteer, request.params.a, request.params.b),
    );

    app.post(
      '/places/autocomplete',
      { config: { readOnlyAllowed: 'searches places and stores nothing' }, schema: { tags: ['geo'], summary: 'Places, postal codes and coordinates matching the search, nearby first', body: ZAutocompleteRequest, response: { 200: ZAutocompleteResponse } } },
      async (request) => autocomplete(gazetteer, request.body),
    );

    app.post(
      '/places/details',
      { config: { readOnlyAllowed: 'reads a place and stores nothing' }, schema: { tags: ['geo'], summary: 'Place details of an autocomplete place_id (a JSON string body, or {placeId})', body: ZPlaceDetailsRequest, response: { 200: ZPlaceDetails } } },
      async (request) => placeDetails(gazetteer, placeIdOf(request.body)),
    );

    app.get(
      '/map/countyboundingbox/:lat/:lng',
      { schema: { tags: ['geo'], summary: 'The county (US/PR) or Mexican state containing a point, with its bounding box', params: ZLatLngParams, response: { 200: ZCountyBoundingBox } } },
      async (request) => countyBoundingBox(gazetteer, request.params.lat, request.params.lng),
    );

    app.get(
      '/data/sources',
      { config: { public: true }, schema: { tags: ['geo'], summary: 'Sources and licences of the data pack, with the attribution they require', response: { 200: ZDataSourceList } } },
      async () => listDataSources(gazetteer),
    );
  };
}
