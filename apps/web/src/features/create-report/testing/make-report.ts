export { makeReport } from '../../../test/make-report';

/** The GET account/licenses answer with these remaining counts. */
export function licencesLeft(remaining: Record<string, number>) {
  return { body: [{ type: 'Remaining', licenseCounts: remaining }, { type: 'Granted', licenseCounts: remaining }, { type: 'Used', licenseCounts: {} }] };
}
