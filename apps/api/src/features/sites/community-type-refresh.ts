import { and, eq, inArray } from 'drizzle-orm';
import { CommunityType, communityTypeFromDensity } from '@riskatlas/domain';
import type { Gazetteer } from '@riskatlas/geo';
import type { Db } from '../../db/client';
import { sites } from '../../db/schema/index';
import { touchAccountData } from './sites.repository';

/** Countries whose points had no population density before the data pack's settlement kernel. */
const COUNTRIES_WITH_NEW_DENSITY = [2, 3, 5];

/**
 * Gives the sites recorded with an Unknown community type in Canada, the UK and Mexico the type
 * their point now has: Site.ct is set at creation from the data pack's density, which those
 * countries lacked until the pack held GeoNames place populations. Idempotent and cheap once done
 * (only sites still Unknown are read); the accounts touched have their data stamp moved so cached
 * site lists reload. Answers how many sites changed.
 */
export async function refreshUnknownCommunityTypes(db: Db, gazetteer: Gazetteer, now: Date): Promise<number> {
  const unknown = await db
    .select({ accountId: sites.accountId, siteId: sites.siteId, latitude: sites.latitude, longitude: sites.longitude })
    .from(sites)
    .where(and(eq(sites.ct, CommunityType.Unknown), inArray(sites.countryId, COUNTRIES_WITH_NEW_DENSITY)));
  const accounts = new Set<number>();
  let changed = 0;
  for (const site of unknown) {
    const ct = communityTypeFromDensity(gazetteer.populationDensity(site.latitude, site.longitude));
    if (ct === CommunityType.Unknown) continue;
    await db.update(sites).set({ ct }).where(and(eq(sites.accountId, site.accountId), eq(sites.siteId, site.siteId)));
    accounts.add(site.accountId);
    changed += 1;
  }
  for (const accountId of accounts) await touchAccountData(db, accountId, now);
  return changed;
}
