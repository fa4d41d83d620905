import { z } from 'zod';
import { zIdParam, zQueryBool } from './fields';

/**
 * The company logo contract: GET account/logo?accountId, POST account/logo?deleteLogo=true
 * and POST account/logo?useLogoOnWeb (multipart: file), with the limits and words around them.
 */

/** The largest logo accepted, in bytes (200 KB). */
export const LOGO_MAX_BYTES = 204_800;

/** The image types a logo may be: PNG and JPEG. SVG is refused (it can carry script). */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

/** What the logo routes say and refuse. */
export const AccountLogoMessages = {
  /** The spec's words for a file that is not an image ('not a valid image file'), naming the file. */
  notAnImage: (filename: string) => `'${filename}' is not a valid image file.`,
  tooLarge: 'The logo must be 200 KB (204,800 bytes) or smaller.',
  noFile: 'Please choose a PNG or JPEG image file for the logo.',
  notAllowed: 'Your account does not include a company logo. Please ask your provider to enable personalization.',
  notAdmin: 'Only an administrator may change the company logo.',
  /** The spec's error catalogue: a logo change that failed on the server. */
  updateFailed: 'Company logo could not be updated.',
} as const;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

/**
 * The logo type of a file by its first bytes (PNG signature, JPEG SOI marker), or null: the
 * client's content type and file name are not trusted.
 */
export function logoImageType(bytes: Uint8Array): LogoContentType | null {
  if (bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** Query of GET account/logo: the account is the caller's own (absent means the same). */
export const ZAccountLogoQuery = z.object({
  accountId: zIdParam('Account id').optional().describe("The caller's account id (absent: the caller's account)"),
});

/** Query of POST account/logo: delete the logo, or upload one (multipart field 'file') and/or set useLogoOnWeb. */
export const ZAccountLogoUpdateQuery = z.object({
  deleteLogo: zQueryBool('Delete logo').optional().describe('true: remove the logo'),
  useLogoOnWeb: zQueryBool('Use logo on web').optional().describe('Show the logo in the web app too'),
});

/** Answer of POST account/logo: the account's logo settings after the change. */
export const ZAccountLogoState = z.object({
  hasLogo: z.boolean(),
  useLogoOnWeb: z.boolean(),
  logoUpdated: z.string().nullable().describe('ISO time of the last upload; null without a logo'),
});
export type TAccountLogoState = z.infer<typeof ZAccountLogoState>;
