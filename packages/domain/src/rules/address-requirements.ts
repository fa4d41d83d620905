import type { CountryId } from '../ids';

/**
 * Address requirements per country: each address part is 0 (not needed) or 1 (required), and a
 * missing required part fails geocoding silently. The table is this product's choice, recorded in
 * docs/decisions/0003-address-requirements.md. A country lists the sets of parts that are enough
 * to place an address (a ZIP, or a city and state); the per-part 0/1 flags follow from them. The
 * geocoder, the add-site wizard and import validation all read this one table.
 */

/** An address part the requirements speak of. */
export type AddressPart = 'street' | 'city' | 'state' | 'zipCode';

/** 0 none, 1 required, per part. */
export type RequirementFlag = 0 | 1;

/** What one country needs of an address. */
export interface AddressRequirement {
  /**
   * Per part: 1 when every way of placing an address in this country needs it. With alternatives
   * (ZIP, or city + state) no single part is required on its own, so those are 0.
   */
  parts: Readonly<Record<AddressPart, RequirementFlag>>;
  /** Sets of parts, any one of which complete is enough ('ZIP' or 'city + state'). */
  anyOf: ReadonlyArray<ReadonlyArray<AddressPart>>;
  /** The rule in words, for help text and import messages. */
  description: string;
}

const PART_ORDER: readonly AddressPart[] = ['street', 'city', 'state', 'zipCode'];

function requirement(anyOf: AddressPart[][], description: string): AddressRequirement {
  const parts = Object.fromEntries(PART_ORDER.map((part) => [part, anyOf.every((set) => set.includes(part)) ? 1 : 0])) as Record<AddressPart, RequirementFlag>;
  return { parts, anyOf, description };
}

/**
 * The requirement of each covered country. The street is never required: the embedded geocoder
 * places addresses at postal-code or city level, and the street is carried along when given.
 */
export const ADDRESS_REQUIREMENTS: Readonly<Record<CountryId, AddressRequirement>> = {
  1: requirement([['zipCode'], ['city', 'state']], 'A ZIP code, or a city and state.'),
  2: requirement([['zipCode'], ['city', 'state']], 'A postal code, or a city and province.'),
  3: requirement([['zipCode'], ['city']], 'A postcode, or a town or city.'),
  5: requirement([['zipCode'], ['city', 'state']], 'A código postal, or a city and state.'),
  // Puerto Rico is one state: the city (municipio) alone is enough.
  6: requirement([['zipCode'], ['city']], 'A ZIP code, or a city (municipio).'),
};

/** The import error name for each missing part. */
export const ADDRESS_PART_ERROR: Readonly<Record<AddressPart, 'StreetAddressRequired' | 'CityRequired' | 'StateRequired' | 'ZipCodeRequired'>> = {
  street: 'StreetAddressRequired',
  city: 'CityRequired',
  state: 'StateRequired',
  zipCode: 'ZipCodeRequired',
};

/** Which parts an address has. The geocoder marks a part present only when it recognises it (a ZIP that fits the pattern). */
export type PresentParts = Readonly<Record<AddressPart, boolean>>;

/** An address as plain text parts; absent, null and blank parts are missing. */
export interface AddressText {
  street?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
}

/** The parts of an address that are not blank (no recognition: the form-level check). */
export function presentAddressParts(address: AddressText): PresentParts {
  const has = (value: string | null | undefined) => typeof value === 'string' && /[\p{L}\p{N}]/u.test(value);
  return { street: has(address.street), city: has(address.city), state: has(address.state), zipCode: has(address.zipCode) };
}

/**
 * The parts missing for the country's requirement: [] when some alternative is complete;
 * otherwise those the nearest alternative lacks, in form order (for the import's ZipCodeRequired,
 * CityRequired, StateRequired errors).
 */
export function missingAddressParts(countryId: CountryId, present: PresentParts): AddressPart[] {
  let best: AddressPart[] | undefined;
  for (const set of ADDRESS_REQUIREMENTS[countryId].anyOf) {
    const missing = PART_ORDER.filter((part) => set.includes(part) && !present[part]);
    if (missing.length === 0) return [];
    if (!best || missing.length < best.length) best = missing;
  }
  return best ?? [];
}

/** True when the address has one complete alternative of its country's requirement. */
export function meetsAddressRequirement(countryId: CountryId, present: PresentParts): boolean {
  return missingAddressParts(countryId, present).length === 0;
}
