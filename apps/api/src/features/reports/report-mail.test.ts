import { describe, expect, it } from 'vitest';
import { reportReadyMail } from './report-mail';

const input = {
  to: 'ops@example.com',
  firstName: 'Ada',
  siteName: 'Cheapside',
  reportType: 1 as const,
  releaseYear: 2025,
  link: 'https://app.example.com/?siteId=1&accountProductReportId=2',
  event: 'created' as const,
};

describe('the report-ready e-mail', () => {
  it('reads each Total Crime score as the site dialog does: a UK score above the top band says so instead of contradicting its band', () => {
    const mail = reportReadyMail({ ...input, countryId: 3, summaryScores: { '2': 1103, '3': 350 } });
    expect(mail.text).toContain('Composite: Total Crime 1,103 — above 1000, High (100 = the national average)');
    expect(mail.text).toContain('Total Crime 350 — 300–399, Medium-High (100 = the national average)');
    expect(mail.html).toContain('<li>Composite: Total Crime 1,103 — above 1000, High (100 = the national average)</li>');
  });

  it("applies the report's country rule: the same score is Medium in the USA", () => {
    expect(reportReadyMail({ ...input, countryId: 1, summaryScores: { '2': 350 } }).text).toContain('Total Crime 350 — 200–399, Medium (');
  });
});
