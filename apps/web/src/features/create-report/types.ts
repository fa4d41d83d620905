import type { TSitesAtLocationResponse } from '@riskatlas/domain';

/** A site found at the location the user entered. */
export type TSiteNearby = TSitesAtLocationResponse[number];
