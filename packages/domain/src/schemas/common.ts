import { z } from 'zod';
import { zText } from './fields';

/**
 * The client's version query parameter: accepted on every route and ignored
 * by the server beyond logging, so cached clients keep working across deploys.
 */
export const ZVersionQuery = z.object({ v: zText('Client version', { max: 64 }).optional().describe('Client version (ignored)') });

/** An ISO timestamp as sent over the wire. */
export const ZTimestamp = z.string().describe('ISO 8601 date-time (UTC)');
