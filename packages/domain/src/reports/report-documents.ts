import { z } from 'zod';
import { DEFAULT_REPORT_SECTIONS, METHODOLOGY_PRIORITY } from '../ids';
import { isValidSections } from './products';
import { zIdParam, zText, zWholeNumber, zWholeNumberParam } from '../schemas/fields';
import { ZVersionQuery } from '../schemas/common';

/**
 * A report's documents: the PDF (its sections), the server-drawn report maps and the e-mailed
 * report. The section bits are the product's; what each bit shows is this product's choice
 * (docs/decisions/0017-report-pdf.md), and this one list is read by the PDF writer and the web's
 * Custom PDF dialog alike, so the checkboxes and the document can never disagree.
 */

/** What a section of the PDF shows. */
export type ReportSectionKey =
  | 'cover'
  | 'summary'
  | 'scoreTables'
  | 'mapA'
  | 'mapB'
  | 'proximity'
  | 'demographics'
  | 'crimeRateComparison'
  | 'notes'
  | 'sources';

/** One section of the PDF: its bit in the section value, its key and the name a user reads. */
export interface ReportSection {
  bit: number;
  key: ReportSectionKey;
  label: string;
}

/** The PDF's sections in document order; their bits sum to the default 233223 (all). */
export const REPORT_SECTIONS: readonly ReportSection[] = [
  { bit: 1, key: 'cover', label: 'Cover page' },
  { bit: 2, key: 'summary', label: 'Score summary' },
  { bit: 4, key: 'scoreTables', label: 'Score tables' },
  { bit: 256, key: 'mapA', label: 'Map A: Total Crime around the site' },
  { bit: 512, key: 'mapB', label: 'Map B: crimes against persons and property in the county' },
  { bit: 1024, key: 'proximity', label: 'Proximity (points of interest)' },
  { bit: 2048, key: 'demographics', label: 'Demographics' },
  { bit: 32768, key: 'crimeRateComparison', label: 'Crime rate comparison' },
  { bit: 65536, key: 'notes', label: 'Confidence and coverage notes' },
  { bit: 131072, key: 'sources', label: 'Data sources and attribution' },
];

/** Whether a section value includes a section. */
export function hasSection(sections: number, key: ReportSectionKey): boolean {
  const section = REPORT_SECTIONS.find((entry) => entry.key === key);
  return section !== undefined && (sections & section.bit) === section.bit;
}

/** The words of the documents. */
export const ReportDocumentMessages = {
  /** Custom PDF with no section ticked (also the server's answer to sections=0). */
  noSection: 'Please select at least 1 section.',
  /** The e-mail went out. */
  reportSent: 'Report has been sent!',
  /** Any failure of a download from the Detail page. */
  downloadFailed: 'There was an error downloading the report, please try again or contact support if the issue persists.',
  /** This product's words: a release of 2006 or earlier. */
  noPdfForRelease: 'Reports of release 2006 or earlier have no PDF or map.',
  /** This product's words: a methodology the report was not scored under. */
  methodologyNotInReport: 'The report has no scores under that methodology. Choose among the report\'s methodologies.',
  /** This product's words: an e-mail with no recipient. */
  noRecipient: 'Please enter at least one e-mail address.',
  /** This product's words: the send-to-me option outside impersonation. */
  notImpersonating: 'Only provider staff acting in a customer account can send the report to themselves this way.',
  /** This product's words: no methodology ticked. */
  noMethodology: 'Please select at least 1 methodology.',
} as const;

/** "The e-mail address '{value}' is invalid. Please correct and resubmit." */
export function invalidEmailMessage(value: string): string {
  return `The e-mail address '${value}' is invalid. Please correct and resubmit.`;
}

/** Something@something.tld without spaces: what "looks like an e-mail address" means here. */
const EMAIL_SHAPE = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** Recipients as typed: split on commas, semicolons and spaces; empty pieces dropped. */
export function splitRecipients(text: string): string[] {
  return text.split(/[\s,;]+/).filter((piece) => piece !== '');
}

/** The first recipient that does not look like an e-mail address's message, or undefined when all do (or none is given). */
export function recipientsProblem(text: string): string | undefined {
  const recipients = splitRecipients(text);
  if (recipients.length === 0) return ReportDocumentMessages.noRecipient;
  const bad = recipients.find((recipient) => !EMAIL_SHAPE.test(recipient));
  return bad === undefined ? undefined : invalidEmailMessage(bad);
}

/** Most recipients one e-mail names. */
export const MAX_REPORT_RECIPIENTS = 25;

/** Parses a methodologies query ('2,3'); undefined when absent or empty, null when malformed. */
export function parseMethodologyList(text: string | undefined): number[] | undefined | null {
  if (text === undefined || text.trim() === '') return undefined;
  const ids = text.split(',').map((piece) => Number(piece.trim()));
  return ids.every((id) => Number.isInteger(id) && id >= 1 && id <= 4) ? [...new Set(ids)] : null;
}

/** The methodologies a document shows: the asked ones (in priority order), else every one of the report. */
export function documentMethodologies(reportMethodologies: readonly number[], asked: readonly number[] | undefined): number[] {
  const chosen = asked ?? reportMethodologies;
  return METHODOLOGY_PRIORITY.filter((id) => chosen.includes(id));
}

const SECTIONS_MESSAGE = 'Report sections must be a sum of the section bits 1, 2, 4, 256, 512, 1024, 2048, 32768, 65536, 131072.';

/** Query of GET reports/{id}/pdf. */
export const ZReportPdfQuery = z.object({
  ...ZVersionQuery.shape,
  sections: zWholeNumberParam('Sections', 0, 2_147_483_647)
    .refine(isValidSections, { error: SECTIONS_MESSAGE })
    .optional()
    .describe(`Section value (a sum of the section bits); default ${DEFAULT_REPORT_SECTIONS}, all`),
  methodologies: zText('Methodologies', { max: 32 }).optional().describe("Methodology ids, comma-separated ('2,3'); default every methodology of the report"),
});
export type TReportPdfQuery = z.infer<typeof ZReportPdfQuery>;

/** The server-drawn report maps: 'a' is map A (Total Crime, site zoom); 'persons' and 'property' are map B (county zoom). */
export const REPORT_MAP_IMAGE_KINDS = ['a', 'persons', 'property'] as const;
export type ReportMapImageKind = (typeof REPORT_MAP_IMAGE_KINDS)[number];

/** Path of GET reports/{id}/map/{methodologyType}/{kind}. */
export const ZReportMapImageParams = z.object({
  id: zIdParam('Report id').describe('accountProductReportId'),
  methodologyType: zWholeNumberParam('Methodology', 1, 4).describe('Methodology id of the report'),
  kind: z.enum(REPORT_MAP_IMAGE_KINDS).describe("'a' map A (Total Crime at the site zoom), 'persons' or 'property' map B (county zoom)"),
});

/** Body of POST reports/email. */
export const ZReportEmailRequest = z.object({
  accountProductReportId: zWholeNumber('Report id', 1, 2_147_483_647).describe('The report to send'),
  sections: z
    .number()
    .int()
    .refine(isValidSections, { error: SECTIONS_MESSAGE })
    .optional()
    .describe(`Section value of the attached PDF; default ${DEFAULT_REPORT_SECTIONS}`),
  methodologies: z.array(zWholeNumber('Methodology', 1, 4)).max(4).optional().describe("Methodology ids of the PDF; default every methodology of the report"),
  supplements: zWholeNumber('Supplements', 0, 2_147_483_647).optional().describe('Supplements bit field (the PDF carries the report\'s own supplemental scores)'),
  recipients: zText('Recipients', { max: 4000 }).describe('E-mail addresses separated by commas, semicolons or spaces; may be empty when sendToImpersonatingUser is set'),
  sendToImpersonatingUser: z.boolean().optional().describe('Provider staff acting in a customer account: also send the report to their own address'),
  subject: zText('Subject', { max: 200, trim: true }).optional().describe('Subject line; a default names the site'),
  message: zText('Message', { max: 4000, multiline: true }).optional().describe('A note above the report'),
});
export type TReportEmailRequest = z.infer<typeof ZReportEmailRequest>;

/** Answer of POST reports/email. */
export const ZReportEmailResponse = z.object({ sent: z.literal(true), recipients: z.array(z.string()).describe('Who the report went to') });
export type TReportEmailResponse = z.infer<typeof ZReportEmailResponse>;
