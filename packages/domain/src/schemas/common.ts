import { z } from 'zod';

/** A positive integer id in a path parameter (path text is coerced). */
export const ZIdParam = z.coerce.number().int().positive();

/**
 * The client's version query parameter: accepted on every route and ignored
 * by the server beyond logging, so cached clients keep working across deploys.
 */
export const ZVersionQuery = z.object({ v: z.string().max(64).optional() });

/** A boolean in a query string: true/false/1/0, any case. */
export const ZQueryBool = z
  .union([z.boolean(), z.string()])
  .transform((value, ctx) => {
    if (typeof value === 'boolean') return value;
    const lower = value.toLowerCase();
    if (lower === 'true' || lower === '1' || lower === '') return true;
    if (lower === 'false' || lower === '0') return false;
    ctx.addIssue({ code: 'custom', message: 'must be true or false' });
    return z.NEVER;
  });

/** An ISO timestamp as sent over the wire. */
export const ZTimestamp = z.string().describe('ISO 8601 date-time (UTC)');

/** A list of positive integer ids in a body. */
export const ZIdList = z.array(z.number().int().positive()).max(100_000);
