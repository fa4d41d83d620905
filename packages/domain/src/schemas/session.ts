import { z } from 'zod';

/** Session status codes for GET users/session: 1 active, 0 signed out or expired, -1 disabled. */
export const SessionStatus = { Active: 1, Inactive: 0, Disabled: -1 } as const;

/** GET users/session: the session info. */
export const ZSessionInfo = z.object({
  status: z.number().int().describe('1 active, 0 not signed in or expired, -1 disabled (Session Disabled page)'),
  sessionExpiration: z.number().describe('Minutes until the session expires'),
  accountUnderMaintenance: z.boolean().describe('True while the account is read-only for maintenance'),
  accountReadOnly: z.boolean().describe('True when the account is read-only'),
  inactivityTimeout: z.number().int().describe("The account's inactivity timeout in minutes"),
});
export type TSessionInfo = z.infer<typeof ZSessionInfo>;
