import {
  isMethodologyAllowed,
  methodologyNotAllowedMessage,
  ProductId,
  productName,
  productNotAllowedMessage,
  type MethodologyTypeId,
  type TLocationScore,
  type TScoresRequest,
  type TScoresResponse,
} from '@riskatlas/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isReadOnly, type AuthContext } from '../../access/caller';
import { consumeLicenses } from '../licenses/index';
import { locationScoresOf, pointScoreNotesOf } from '../reports/index';
import { productAllowedFor } from '../../access/product-policy';
import { scorePoint, type ScoringDeps } from '../reports/index';

/**
 * POST scores: scores without a report, for integrators and bulk users. Each
 * methodology must be allowed for the account (400 with the methodology message); the caller
 * must be able to use the Scores product (403). Locations are scored in the order given; one
 * outside every covered country, or without data, answers isScorable false and no scores. The
 * Scores product (5) is consumed once per scorable location in one transaction BEFORE answering:
 * too few licences → the ledger's error (402) and nothing consumed. DC points from release 2022
 * leave out the state comparison, and each result carries the notes a report of the point would
 * (same scores under several methodologies, few residents), as reports do.
 */
export async function scoreLocations(deps: ScoringDeps & { db: Database; now: () => Date }, auth: AuthContext, request: TScoresRequest): Promise<TScoresResponse> {
  const methodologies = [...new Set(request.methodologyTypeIds)] as MethodologyTypeId[];
  const refused = methodologies.find((id) => !isMethodologyAllowed(auth.account.allowedMethodologies, id));
  if (refused !== undefined) throw AppError.badRequest(methodologyNotAllowedMessage(refused), 'methodologyTypeIds');
  if (isReadOnly(auth) || !productAllowedFor(auth)(ProductId.Scores)) throw AppError.forbidden(productNotAllowedMessage(productName(ProductId.Scores)));

  const requestedRelease = request.releaseYear ?? -1;
  let scorable = 0;
  const results: TScoresResponse['results'] = request.locations.map(({ latitude, longitude }) => {
    const point = scorePoint(deps, latitude, longitude, methodologies, requestedRelease);
    if (!point) return { latitude, longitude, countryId: deps.gazetteer.countryAt(latitude, longitude) ?? null, isScorable: false, releaseYear: null, scores: [], sameScoresNote: null, fewResidents: false };
    scorable += 1;
    const scores: TLocationScore[] = [];
    for (const methodologyScores of point.scores) locationScoresOf(methodologyScores, point.regions, scores);
    return { latitude, longitude, countryId: point.countryId, isScorable: true, releaseYear: point.releaseYear, scores, ...pointScoreNotesOf(point.scores) };
  });
  if (scorable > 0) {
    const now = deps.now();
    await deps.db.transaction((tx) =>
      consumeLicenses(tx, {
        accountId: auth.accountId,
        userId: auth.userId,
        items: [{ productId: ProductId.Scores, quantity: scorable }],
        reference: `scores:${now.toISOString()}`,
        at: now,
      }),
    );
  }
  return { results };
}
