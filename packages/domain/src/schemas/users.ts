import { z } from 'zod';
import { ZAccount } from './account';
import { zIdParam } from './fields';

/** allowProduct values: 0 not allowed, 1 allowed, 3 allowed and may buy. */
export const ZAllowProduct = z.record(z.string(), z.number().int());

/** The User entity as GET users/current presents it, with the computed mode flags. */
export const ZCurrentUser = z.object({
  userId: z.number().int(),
  userID: z.number().int().describe('Same as userId (the API carries both spellings)'),
  accountID: z.number().int().describe('The account the user acts in (the impersonated one while impersonating)'),
  homeAccountID: z.number().int().describe('The account the user belongs to'),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  title: z.string().nullable(),
  userContactInfo: z
    .object({ title: z.string().nullable(), email: z.string() })
    .describe('Contact details; the same values are merged into the user as title and email'),
  userType: z.number().int().describe('1 Read Only, 2 Standard, 3 Admin, 4 CAP Admin'),
  isEnabled: z.boolean(),
  termsAccepted: z.boolean(),
  allowViewAllReports: z.boolean(),
  allowViewOwnReports: z.boolean(),
  documentLanguage: z.string(),
  uiLanguageId: z.number().int(),
  allowInvoice: z.boolean(),
  allowCreditCardPurchases: z.boolean(),
  isMFAEnabled: z.boolean(),
  adminMode: z.boolean().describe('Administrator of the account (or staff / impersonating)'),
  readOnlyMode: z.boolean().describe('Cannot change anything (read-only user or read-only account)'),
  capMode: z.boolean().describe('Provider staff (user type 4)'),
  impersonationMode: z.boolean().describe('Provider staff acting in a customer account'),
  allowCreateReports: z.boolean(),
  allowAnyProduct: z.boolean().describe('May use or buy at least one product'),
  allowProduct: ZAllowProduct.describe('Per product id: 0 no, 1 use, 3 use and buy'),
  allowComments: z.boolean(),
  denyEditSiteAbility: z.boolean(),
  isSSOLogin: z.boolean(),
  hasCAPModulesAccess: z.boolean(),
  hasSimpleSurvey: z.boolean(),
  account: ZAccount.describe('The account the user acts in'),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

/** GET users/session query: `uid` is the user the client believes is signed in. */
export const ZSessionQuery = z.object({
  uid: z
    .preprocess((value) => (value === '' ? undefined : value), zIdParam('User id', { min: 0 }).optional())
    .describe("When given (above 0) and not the session's user, the status is 0"),
});
