import { methodologyOf, REPORT_TYPE_NAMES, scoreReadingText, type ReportType } from '@riskatlas/domain';
import type { MailMessage } from '../../platform/mail/mailer';

/** Escapes text for the HTML part of a message. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** What the report-ready e-mail says. */
export interface ReportMailInput {
  to: string;
  firstName: string;
  siteName: string;
  reportType: ReportType;
  releaseYear: number;
  /** The report's country: its legend bands and severity rule read the scores. */
  countryId: number;
  /** Total Crime / national / current per methodology id. */
  summaryScores: Record<string, number>;
  link: string;
  /** 'created' for a new report, 'upgraded' after an upgrade. */
  event: 'created' | 'upgraded';
}

/**
 * The e-mail of POST reports?sendReportEmail=true (and of upgrades with the e-mail flag): which
 * report, its headline Total Crime score per methodology (100 = the national average) read with
 * its band and risk level as the site dialog reads it (domain readScore: '1,103 — above 1000,
 * High', never a band that contradicts the value) and a link to it in the app.
 */
export function reportReadyMail(input: ReportMailInput): MailMessage {
  const type = REPORT_TYPE_NAMES[input.reportType];
  const verb = input.event === 'created' ? 'is ready' : 'has been upgraded';
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const scoreLines = Object.entries(input.summaryScores).map(
    ([id, score]) => `${methodologyOf(Number(id))?.name ?? `Methodology ${id}`}: Total Crime ${scoreReadingText(score, input.countryId)} (100 = the national average)`,
  );
  const intro = `Your ${type} report for ${input.siteName} (release ${input.releaseYear}) ${verb}.`;
  const text = [greeting, '', intro, '', ...scoreLines, '', `Open it in RiskAtlas: ${input.link}`].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${scoreLines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    `<p><a href="${escapeHtml(input.link)}">Open the report in RiskAtlas</a></p>`,
  ].join('\n');
  return { to: input.to, subject: `RiskAtlas: ${type} report for ${input.siteName} ${verb}`, text, html };
}

/** The app link of a report (page state: site and report). */
export function reportLink(publicUrl: string, siteId: number, accountProductReportId: number): string {
  return `${publicUrl}/?siteId=${siteId}&accountProductReportId=${accountProductReportId}`;
}

/** The e-mail after an upgrade of several reports: how many, to which type. */
export function reportsUpgradedMail(input: { to: string; firstName: string; count: number; reportType: ReportType; link: string }): MailMessage {
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const line = `${input.count} reports have been upgraded to ${REPORT_TYPE_NAMES[input.reportType]}. They are in your Site Library.`;
  return {
    to: input.to,
    subject: `RiskAtlas: ${input.count} reports upgraded`,
    text: [greeting, '', line, '', `Open RiskAtlas: ${input.link}`].join('\n'),
    html: [`<p>${escapeHtml(greeting)}</p>`, `<p>${escapeHtml(line)}</p>`, `<p><a href="${escapeHtml(input.link)}">Open RiskAtlas</a></p>`].join('\n'),
  };
}
