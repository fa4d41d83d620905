import { IncidentMessages } from '@riskatlas/domain';
import type { Caller } from '../../access/caller';
import { AppError } from '../../lib/app-error';

/**
 * Incident data is an account feature: allowIncidents opens the incident lists (first source) and
 * the UK police map; the account's incident feature flag (allowIncidentAvailability, the spec's
 * allowIncidentsFeature) opens the second source's standard-type view on top of it.
 */
export function requireIncidents(caller: Caller): void {
  if (!caller.account.allowIncidents) throw AppError.forbidden(IncidentMessages.disabled);
}

/** The second source (the ten standard types) needs both flags. */
export function requireIncidentsFeature(caller: Caller): void {
  requireIncidents(caller);
  if (!caller.account.allowIncidentAvailability) throw AppError.forbidden(IncidentMessages.disabled);
}
