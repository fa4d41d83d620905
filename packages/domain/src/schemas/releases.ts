import { z } from 'zod';
import { ZReleaseYears } from './account';

/** One country's releases in GET account/releases/years. */
export const ZCountryReleaseYears = z.object({
  countryId: z.number().int(),
  countryCode: z.string().describe('ISO-3'),
  firstRelease: z.number().int(),
  lastRelease: z.number().int(),
  currentRelease: z.number().int(),
  years: z.array(z.number().int()).describe('The release years offered: the current one and the ten before it, newest first'),
});
export type TCountryReleaseYears = z.infer<typeof ZCountryReleaseYears>;

/** Answer of GET account/releases/years: releases per country and the account's chosen years. */
export const ZReleaseYearsResponse = z.object({
  countries: z.array(ZCountryReleaseYears),
  releaseYears: ZReleaseYears.describe("The account's chosen release year per country id"),
});
export type TReleaseYearsResponse = z.infer<typeof ZReleaseYearsResponse>;
