import { useCallback, useMemo, useState } from 'react';
import {
  externalIdTakenMessage,
  isValidGeocode,
  Messages,
  parseCoordinate,
  roundCoordinate,
  siteNameTakenMessage,
  SiteMessages,
  type TCreateSiteRequest,
  type TGeocodeCandidate,
  type TPlaceDetails,
  type TSitesAtLocationResponse,
} from '@riskatlas/domain';
import { errorMessage } from '../../../lib/api-client';
import { geocodeAddress } from '../api/geocode-address';
import { isScorable } from '../api/is-scorable';
import { reverseGeocode } from '../api/reverse-geocode';
import { sitesAtLocation } from '../api/sites-at-location';
import { useDuplicateCheck } from '../api/site-lookups';

/** The address parts the user types. */
export interface AddressFields {
  street: string;
  street2: string;
  city: string;
  state: string;
  zipCode: string;
  countryCode: string;
}

/** The site fields besides the location. */
export interface SiteFields {
  siteName: string;
  externalID: string;
  tags: string;
  notes: string;
}

/** A placed point. */
export interface Pin {
  latitude: number;
  longitude: number;
}

const EMPTY_ADDRESS: AddressFields = { street: '', street2: '', city: '', state: '', zipCode: '', countryCode: 'USA' };
const EMPTY_SITE: SiteFields = { siteName: '', externalID: '', tags: '', notes: '' };

/** Which field a message belongs to; null: the form's own error area. */
export type EntryField = 'siteName' | 'externalID' | 'latitude' | 'longitude' | null;

/** Tags as the user types them, separated by ';' or ',', sent joined with ';'. */
function joinTags(text: string): string {
  return text
    .split(/[;,]/)
    .map((tag) => tag.trim())
    .filter(Boolean)
    .join(';');
}

/** The outcome of checking the entry: a new site ready to send, or why not (candidates to choose from, nearby sites, an error). */
export type EntryCheck =
  | { kind: 'ready'; site: TCreateSiteRequest }
  | { kind: 'candidates' }
  | { kind: 'duplicates'; site: TCreateSiteRequest; nearby: TSitesAtLocationResponse }
  | { kind: 'error' };

/**
 * The state and checks of site entry, shared by Add Site and the wizard's step 0: address (typed,
 * from a place search or from a candidate), a pin or typed coordinates, and the site's name,
 * external id, tags and notes. `check` walks the rules in order — name, geocoding (0 results stay,
 * 1 sets the pin, several open the chooser), coordinates, scorability, then sites already there.
 */
export function useSiteEntry(options: { needsName: boolean }) {
  const [address, setAddress] = useState<AddressFields>(EMPTY_ADDRESS);
  const [site, setSite] = useState<SiteFields>(EMPTY_SITE);
  const [latitudeText, setLatitudeText] = useState('');
  const [longitudeText, setLongitudeText] = useState('');
  const [candidates, setCandidates] = useState<TGeocodeCandidate[]>([]);
  const [error, setError] = useState<{ field: EntryField; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const nameHolder = useDuplicateCheck('withname', site.siteName);
  const externalIdHolder = useDuplicateCheck('withexternalid', site.externalID);

  const nameTaken = nameHolder > 0 ? siteNameTakenMessage(site.siteName.trim()) : null;
  const externalIdTaken = externalIdHolder > 0 ? externalIdTakenMessage(site.externalID.trim()) : null;

  const pin = useMemo<Pin | null>(() => {
    const latitude = parseCoordinate(latitudeText, 'latitude');
    const longitude = parseCoordinate(longitudeText, 'longitude');
    return latitude === undefined || longitude === undefined ? null : { latitude: roundCoordinate(latitude), longitude: roundCoordinate(longitude) };
  }, [latitudeText, longitudeText]);

  const placePin = useCallback((point: Pin) => {
    setLatitudeText(String(roundCoordinate(point.latitude)));
    setLongitudeText(String(roundCoordinate(point.longitude)));
    setCandidates([]);
    setError(null);
    // A pin names no address: the nearest postal area fills the parts the user has not typed.
    reverseGeocode(point.latitude, point.longitude).then(
      (place) =>
        setAddress((before) => ({
          ...before,
          city: before.city || place.city,
          state: before.state || place.state,
          zipCode: before.zipCode || place.zipCode,
          countryCode: place.countryCode || before.countryCode,
        })),
      // Outside every covered country there is no address to fill; the scorability check says so on Next.
      () => undefined,
    );
  }, []);

  const editAddress = useCallback((patch: Partial<AddressFields>) => {
    setAddress((before) => ({ ...before, ...patch }));
    // A changed address needs geocoding again: the old pin no longer stands for it.
    setLatitudeText('');
    setLongitudeText('');
    setCandidates([]);
    setError(null);
  }, []);

  const editSite = useCallback((patch: Partial<SiteFields>) => {
    setSite((before) => ({ ...before, ...patch }));
    setError(null);
  }, []);

  const chooseCandidate = useCallback((candidate: TGeocodeCandidate) => {
    setAddress((before) => ({ ...before, street: candidate.Street, city: candidate.City, state: candidate.State, zipCode: candidate.PostalCode, countryCode: candidate.Country }));
    setLatitudeText(String(candidate.Coordinates.Latitude));
    setLongitudeText(String(candidate.Coordinates.Longitude));
    setCandidates([]);
    setError(null);
  }, []);

  const choosePlace = useCallback((place: TPlaceDetails) => {
    setAddress({ street: place.street, street2: place.street2, city: place.city, state: place.state, zipCode: place.postalCode, countryCode: place.country || 'USA' });
    setLatitudeText(String(roundCoordinate(place.coordinates.latitude)));
    setLongitudeText(String(roundCoordinate(place.coordinates.longitude)));
    setCandidates([]);
    setError(null);
  }, []);

  const fail = (field: EntryField, message: string): EntryCheck => {
    setError({ field, message });
    return { kind: 'error' };
  };

  /** Runs the checks; see EntryCheck. */
  const check = async (): Promise<EntryCheck> => {
    if (options.needsName && !site.siteName.trim()) return fail('siteName', SiteMessages.siteNameRequired);
    if (options.needsName && nameTaken) return fail('siteName', nameTaken);
    if (latitudeText.trim() && parseCoordinate(latitudeText, 'latitude') === undefined) return fail('latitude', 'Latitude must be a number from -90 to 90 with at most 15 decimals.');
    if (longitudeText.trim() && parseCoordinate(longitudeText, 'longitude') === undefined) return fail('longitude', 'Longitude must be a number from -180 to 180 with at most 15 decimals.');
    setBusy(true);
    try {
      let point = pin;
      if (!point) {
        const found = await geocodeAddress(address);
        if (found.candidates.length === 0) return fail(null, found.message ?? Messages.geocodeFailed);
        if (found.candidates.length > 1) {
          setCandidates(found.candidates);
          setError(null);
          return { kind: 'candidates' };
        }
        const only = found.candidates[0]!;
        chooseCandidate(only);
        point = { latitude: only.Coordinates.Latitude, longitude: only.Coordinates.Longitude };
      }
      if (!isValidGeocode(point.latitude, point.longitude)) return fail('latitude', Messages.locationNotScorable);
      const scorable = await isScorable(point.latitude, point.longitude);
      if (!scorable.isScorable) return fail(null, Messages.locationNotScorable);
      const request: TCreateSiteRequest = {
        siteName: site.siteName.trim() || null,
        street: address.street.trim() || null,
        street2: address.street2.trim() || null,
        city: address.city.trim() || null,
        state: address.state.trim() || null,
        zipCode: address.zipCode.trim() || null,
        countryCode: address.countryCode || null,
        latitude: point.latitude,
        longitude: point.longitude,
        externalID: site.externalID.trim() || null,
        notes: site.notes.trim() || null,
        tags: joinTags(site.tags) || null,
      };
      const nearby = await sitesAtLocation(point.latitude, point.longitude);
      setError(null);
      return nearby.length > 0 ? { kind: 'duplicates', site: request, nearby } : { kind: 'ready', site: request };
    } catch (cause) {
      return fail(null, errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };

  const reset = useCallback(() => {
    setAddress(EMPTY_ADDRESS);
    setSite(EMPTY_SITE);
    setLatitudeText('');
    setLongitudeText('');
    setCandidates([]);
    setError(null);
  }, []);

  return {
    address,
    site,
    latitudeText,
    longitudeText,
    setLatitudeText: (text: string) => {
      setLatitudeText(text);
      setError(null);
    },
    setLongitudeText: (text: string) => {
      setLongitudeText(text);
      setError(null);
    },
    pin,
    placePin,
    candidates,
    chooseCandidate,
    choosePlace,
    editAddress,
    editSite,
    nameTaken,
    externalIdTaken,
    error,
    setError,
    busy,
    check,
    reset,
  };
}

/** The site entry's state and actions. */
export type SiteEntry = ReturnType<typeof useSiteEntry>;
