import { apiFetch } from '../../../lib/api-client';

/** POST users/taskstatuses/touch?clicked=true&seen=true: marks tasks clicked and/or seen. */
export function touchTaskStatuses(ids: number[], flags: { clicked?: boolean; seen?: boolean }): Promise<unknown> {
  return apiFetch('users/taskstatuses/touch', {
    method: 'POST',
    query: { clicked: flags.clicked ? 'true' : undefined, seen: flags.seen ? 'true' : undefined },
    body: ids,
  });
}
