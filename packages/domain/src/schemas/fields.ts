import { z } from 'zod';
import { fieldIssueMessage } from '../messages';

/**
 * The building blocks of every request field: ids that fit the database's integer columns, text
 * without control characters, numbers within their range, each refusing bad input with one plain
 * sentence that names the field by its label ("Site name can be at most 200 characters."). The API
 * answers that sentence as the error message, and forms that validate with the same schemas show
 * the same words.
 */

/** The largest id an integer column holds (PostgreSQL int4), and so the largest id a request may name. */
export const MAX_ID = 2_147_483_647;

/** What a validation issue carries that its plain sentence is made from (a zod issue, raw or final). */
export interface FieldIssue {
  code?: string;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  values?: readonly unknown[];
  input?: unknown;
}

/** Plain sentences for a field's problems; `label` names the field as a user knows it. This product's own words. */
export const FieldMessages = {
  required: (label: string) => `${label} is required.`,
  id: (label: string, min = 1) => `${label} must be a whole number from ${min} to ${MAX_ID}.`,
  wholeNumber: (label: string, min: number, max: number) => `${label} must be a whole number from ${min} to ${max}.`,
  number: (label: string, min: number, max: number) => `${label} must be a number from ${min} to ${max}.`,
  controlCharacters: (label: string) => `${label} cannot contain control characters.`,
  tooLong: (label: string, max: number) => `${label} can be at most ${max} characters.`,
  tooShort: (label: string, min: number) => `${label} must be at least ${min} characters.`,
  tooMany: (label: string, max: number) => `${label} can hold at most ${max} ${max === 1 ? 'entry' : 'entries'}.`,
  tooFew: (label: string, min: number) => `${label} needs at least ${min} ${min === 1 ? 'entry' : 'entries'}.`,
  trueOrFalse: (label: string) => `${label} must be true or false.`,
  oneOf: (label: string, values: readonly unknown[]) => `${label} must be one of: ${values.map(String).join(', ')}.`,
  /** Anything else: the product's general wording for a field with a problem. */
  invalid: (label: string) => (label.startsWith('The ') ? `${label} is not in a form this request takes.` : fieldIssueMessage(inSentence(label))),
} as const;

/** A label as it reads inside a sentence: "Site name" → "site name", while "ZIP code" keeps its capitals. */
function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object with named fields',
};

/** The plain sentence for an issue of the field `label`. */
export function fieldIssueSentence(label: string, issue: FieldIssue): string {
  const min = Number(issue.minimum);
  const max = Number(issue.maximum);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return FieldMessages.required(label);
      return `${label} must be ${TYPE_WORDS[issue.expected ?? ''] ?? 'of another kind'}.`;
    case 'too_big':
      if (issue.origin === 'string') return FieldMessages.tooLong(label, max);
      if (issue.origin === 'array' || issue.origin === 'set') return FieldMessages.tooMany(label, max);
      return issue.inclusive === false ? `${label} must be less than ${max}.` : `${label} can be at most ${max}.`;
    case 'too_small':
      if (issue.origin === 'string') return min <= 1 ? FieldMessages.required(label) : FieldMessages.tooShort(label, min);
      if (issue.origin === 'array' || issue.origin === 'set') return FieldMessages.tooFew(label, min);
      return issue.inclusive === false ? `${label} must be greater than ${min}.` : `${label} must be at least ${min}.`;
    case 'invalid_value':
      return issue.values && issue.values.length > 0 ? FieldMessages.oneOf(label, issue.values) : FieldMessages.invalid(label);
    default:
      return FieldMessages.invalid(label);
  }
}

/** Schema parameters that make every issue of a schema (and of the checks chained on it) one plain sentence naming `label`. */
export function labelled(label: string): { error: (issue: FieldIssue) => string } {
  return { error: (issue) => fieldIssueSentence(label, issue) };
}

/** Parameters that answer every issue of a schema with one fixed sentence. */
function always(message: string): { error: () => string } {
  return { error: () => message };
}

/** An id in a JSON body: a whole number from `min` (1 unless told) to MAX_ID. */
export function zId(label: string, { min = 1 }: { min?: number } = {}) {
  const words = always(FieldMessages.id(label, min));
  return z.number(words).int(words).min(min, words).max(MAX_ID, words);
}

/** An id in a path or query string: its digits as text, read as zId reads a number. */
export function zIdParam(label: string, { min = 1 }: { min?: number } = {}) {
  const words = always(FieldMessages.id(label, min));
  return z.coerce.number(words).int(words).min(min, words).max(MAX_ID, words);
}

/** A list of ids in a JSON body; `label` names one id ("Site id"), `listLabel` the list ("Site ids" unless told). */
export function zIdList(label: string, { min, max, listLabel = `${label}s` }: { min?: number; max: number; listLabel?: string }) {
  const list = z.array(zId(label), labelled(listLabel)).max(max);
  return min === undefined ? list : list.min(min);
}

/** A whole number in a JSON body, from `min` to `max`. */
export function zWholeNumber(label: string, min: number, max: number) {
  const words = always(FieldMessages.wholeNumber(label, min, max));
  return z.number(words).int(words).min(min, words).max(max, words);
}

/** A whole number in a path or query string, from `min` to `max`. */
export function zWholeNumberParam(label: string, min: number, max: number) {
  const words = always(FieldMessages.wholeNumber(label, min, max));
  return z.coerce.number(words).int(words).min(min, words).max(max, words);
}

/** A number in a JSON body, decimals allowed, from `min` to `max`. */
export function zNumber(label: string, min: number, max: number) {
  const words = always(FieldMessages.number(label, min, max));
  return z.number(words).min(min, words).max(max, words);
}

/** A true/false flag in a query string: true/false/1/0 in any case; present without a value is true. */
export function zQueryBool(label: string) {
  return z.union([z.boolean(), z.string()], labelled(label)).transform((value, ctx) => {
    if (typeof value === 'boolean') return value;
    const lower = value.toLowerCase();
    if (lower === 'true' || lower === '1' || lower === '') return true;
    if (lower === 'false' || lower === '0') return false;
    ctx.addIssue({ code: 'custom', message: FieldMessages.trueOrFalse(label) });
    return z.NEVER;
  });
}

/**
 * Control characters no text field holds: C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F). They
 * are invisible, break exports and displays, and PostgreSQL refuses NUL in text outright.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, but tab and line breaks are text in a field of several lines. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** True when a text holds a character no single-line field (or, with `multiline`, no field of several lines) takes. */
export function hasControlCharacters(text: string, multiline = false): boolean {
  return (multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS).test(text);
}

/** How a text field is bounded. */
export interface TextFieldRules {
  /** Most characters (UTF-16 code units, as the browser counts them). */
  max: number;
  /** Fewest characters; 1 makes the field required. */
  min?: number;
  /** Tab and line breaks allowed (notes, comments). */
  multiline?: boolean;
  /** Leading and trailing white space removed before the checks. */
  trim?: boolean;
  /** One sentence for every problem, for a field the user does not type (a token from a link). */
  message?: string;
  /** The sentence for a value over `max`, where the product words it itself. */
  tooLong?: string;
}

/**
 * A text field of a request: at most `max` characters, no control characters (tab and line
 * breaks only where `multiline`), each problem in one sentence naming `label`.
 */
export function zText(label: string, { max, min, multiline = false, trim = false, message, tooLong }: TextFieldRules) {
  const base = z.string(message === undefined ? labelled(label) : always(message));
  const trimmed = trim ? base.trim() : base;
  const atLeast = min === undefined ? trimmed : trimmed.min(min);
  const bounded = tooLong === undefined ? atLeast.max(max) : atLeast.max(max, { error: tooLong });
  return bounded.refine((text) => !hasControlCharacters(text, multiline), { error: message ?? FieldMessages.controlCharacters(label) });
}

/** A field's name from its key when its schema has no label: 'externalID' → 'External id'. */
function labelFromKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A validation issue as a validator reports it: where, what, and the schema's message. */
export interface ReportedIssue extends FieldIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** The value at a path inside `whole`; undefined where the path leads nowhere. */
function valueAt(whole: unknown, path: readonly PropertyKey[]): unknown {
  let value = whole;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * The one sentence a user is shown for a validation issue: the schema's own message when it is a
 * plain sentence (every labelled field's is), else a sentence made from the issue that names the
 * field by its key, or `wholeLabel` ("The request body") when the issue is about the whole value.
 * `whole` is the value that was validated: reported issues leave out the input, and a missing
 * field reads differently from one of the wrong kind.
 */
export function validationIssueMessage(issue: ReportedIssue, wholeLabel: string, whole: unknown): string {
  const message = issue.message.trim();
  if (/^[A-Z].*[.!?]$/s.test(message)) return message;
  const key = [...issue.path].reverse().find((part): part is string => typeof part === 'string');
  return fieldIssueSentence(key ? labelFromKey(key) : wholeLabel, { ...issue, input: issue.input ?? valueAt(whole, issue.path) });
}

/** How deep and what text a free-form JSON value may hold. */
export interface JsonFieldRules {
  /** Most levels of nested lists and objects. */
  maxDepth: number;
}

/**
 * A free-form JSON value kept as the client sent it (a saved filter): nested at most `maxDepth`
 * levels, and no key or text in it holding control characters other than tab and line breaks —
 * the database refuses NUL in stored JSON, and nesting past a limit exhausts its parser.
 */
export function zJson(label: string, { maxDepth }: JsonFieldRules) {
  return z.unknown().superRefine((value, ctx) => {
    const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
    while (pending.length > 0) {
      const next = pending.pop()!;
      if (typeof next.value === 'string') {
        if (hasControlCharacters(next.value, true)) {
          ctx.addIssue({ code: 'custom', message: FieldMessages.controlCharacters(label) });
          return;
        }
      } else if (next.value !== null && typeof next.value === 'object') {
        if (next.depth >= maxDepth) {
          ctx.addIssue({ code: 'custom', message: `${label} can be nested at most ${maxDepth} levels deep.` });
          return;
        }
        for (const [key, inner] of Object.entries(next.value)) {
          pending.push({ value: key, depth: next.depth }, { value: inner, depth: next.depth + 1 });
        }
      }
    }
  });
}
