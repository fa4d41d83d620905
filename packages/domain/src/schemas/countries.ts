import { z } from 'zod';

/** The Country and ScoreRange entities, as GET countries presents them. */

/** One band of a colour scheme. */
export const ZScoreBand = z.object({
  min: z.number().int().describe('Lowest score of the band'),
  max: z.number().int().describe('Highest score of the band (inclusive)'),
  color: z.string().describe('#rrggbb'),
});

/** ScoreRange: the score bands of a country and release. */
export const ZScoreRange = z.object({
  scoreRangeID: z.number().int(),
  scoreBreak1: z.string().describe("'min-max'"),
  scoreBreak2: z.string().describe("'min-max'"),
  scoreBreak3: z.string().describe("'min-max'"),
  scoreBreak4: z.string().describe("'min-max'"),
  scoreBreak5: z.string().describe("'min-max'"),
  colorBreaks: z.array(ZScoreBand).describe('The 5-colour scheme'),
  detailedBreaks: z.array(ZScoreBand).describe('The 25-colour scheme'),
});
export type TScoreRange = z.infer<typeof ZScoreRange>;

/** Country, with its name, ISO-2 code, metric flag and current release. */
export const ZCountry = z.object({
  countryID: z.number().int(),
  countryCode: z.string().describe('ISO-3'),
  iso2: z.string(),
  name: z.string(),
  metric: z.boolean().describe('Distances and accuracy in metric units'),
  boundingBox: z.array(z.number()).length(4).describe('[west, south, east, north] the map frames'),
  centerAdjust: z.array(z.number()).length(2).describe('[latitude, longitude] nudge of the initial view centre'),
  zoomLevel: z.number().describe('Initial zoom'),
  currentRelease: z.number().int(),
  countryReleases: z.object({
    firstRelease: z.number().int(),
    lastRelease: z.number().int(),
    scoreRange: ZScoreRange,
  }),
});
export type TCountry = z.infer<typeof ZCountry>;

/** Answer of GET countries. */
export const ZCountryList = z.array(ZCountry);
