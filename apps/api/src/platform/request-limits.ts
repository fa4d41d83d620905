/**
 * How large a request body each kind of route accepts, so that a route reads no more than its
 * schema could ever accept (BODY_LIMIT, the ordinary limit, covers every other JSON route).
 */

/** Bytes one id takes at most in a JSON list or typed text: ten digits and a separator, with room. */
const BYTES_PER_ID = 12;
/** Room for what a body carries beside its ids (other fields, names, brackets). */
const ROOM_BESIDE_IDS = 16 * 1024;

/** The body limit of a route whose body names up to `maxIds` ids; never below the ordinary limit. */
export function idListBodyLimit(maxIds: number, ordinaryLimit: number): number {
  return Math.max(ordinaryLimit, maxIds * BYTES_PER_ID + ROOM_BESIDE_IDS);
}

/** Sign-in, password reset requests and new passwords: an e-mail, a password, a token. */
export const SIGN_IN_BODY_LIMIT = 16 * 1024;
