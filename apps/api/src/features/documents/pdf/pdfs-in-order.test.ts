import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductId, type TReport } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../../test/context';
import { testDatabaseKinds } from '../../../../test/databases';
import { pdfPages } from '../../../../test/pdf-reader';
import { CHICAGO, grant, postReport, siteName, WASHINGTON_DC } from '../../../../test/report-fixtures';
import { toAuthContext, type AuthContext } from '../../../access/caller';
import { findSessionWithUser } from '../../../access/sessions.repository';
import { AppError } from '../../../lib/app-error';
import { hashToken } from '../../../lib/tokens';
import type { DocumentDeps } from '../documents-deps';
import { pdfsInOrder, type PdfOutcome } from './pdfs-in-order';
import { pdfBuffer, reportPdf, type PdfRequest } from './report-pdf.service';

describe.each(await testDatabaseKinds())('pdfsInOrder: many report PDFs for an archive on %s', (kind) => {
  let ctx: TestContext;
  let deps: DocumentDeps;
  let auth: AuthContext;
  let chicago: TReport;
  let washington: TReport;
  let foreign: TReport;

  /** A Premium report of a new site in the user's account. */
  const premiumReport = async (user: TestUser, point: { latitude: number; longitude: number }) => {
    const response = await postReport(user, { reportType: ProductId.Premium, siteName: siteName('Archive store'), ...point });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TReport;
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    deps = { ...ctx.deps, db: ctx.deps.database.db };
    const owner = await createTestUser(ctx, { userType: 2 });
    const stranger = await createTestUser(ctx, { userType: 2 });
    await grant(ctx, owner.account.id, { [ProductId.Premium]: 2 });
    await grant(ctx, stranger.account.id, { [ProductId.Premium]: 1 });
    chicago = await premiumReport(owner, CHICAGO);
    washington = await premiumReport(owner, WASHINGTON_DC);
    foreign = await premiumReport(stranger, CHICAGO);
    auth = toAuthContext((await findSessionWithUser(deps.db, hashToken(owner.cookie.split('=')[1]!)))!);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const all = async (requests: Iterable<PdfRequest> | AsyncIterable<PdfRequest>, concurrency?: number) => {
    const outcomes: PdfOutcome[] = [];
    for await (const outcome of pdfsInOrder(deps, auth, requests, concurrency === undefined ? {} : { concurrency })) outcomes.push(outcome);
    return outcomes;
  };

  it("yields each report's PDF in the order asked, as reportPdf makes it, and another account's report as a 404 without stopping", async () => {
    const requests: PdfRequest[] = [{ id: chicago.accountProductReportId }, { id: foreign.accountProductReportId }, { id: washington.accountProductReportId }, { id: chicago.accountProductReportId, sections: 1 }];
    for (const concurrency of [1, 2, 3]) {
      const outcomes = await all(requests, concurrency);
      expect(outcomes.map((outcome) => [outcome.id, outcome.ok])).toEqual(requests.map((request) => [request.id, request.id !== foreign.accountProductReportId]));
      const refused = outcomes[1]!;
      expect(!refused.ok && refused.error instanceof AppError && refused.error.statusCode).toBe(404);
      for (const [index, request] of requests.entries()) {
        const outcome = outcomes[index]!;
        if (!outcome.ok) continue;
        const direct = await reportPdf(deps, auth, request);
        expect(outcome.fileName).toBe(direct.fileName);
        expect(outcome.siteName).toBe(direct.siteName);
        expect(outcome.buffer.subarray(0, 5).toString()).toBe('%PDF-');
        expect(await pdfPages(outcome.buffer)).toEqual(await pdfPages(await pdfBuffer(direct.doc)));
      }
      // The cover alone (sections 1) is a shorter document than every section.
      expect((await pdfPages((outcomes[3] as Extract<PdfOutcome, { ok: true }>).buffer)).length).toBeLessThan((await pdfPages((outcomes[0] as Extract<PdfOutcome, { ok: true }>).buffer)).length);
    }
  });

  it('reads the requests only as slots free, so an archive of any size holds only a few PDFs at once', async () => {
    let pulled = 0;
    async function* requests(): AsyncGenerator<PdfRequest> {
      for (let n = 0; n < 6; n += 1) {
        pulled += 1;
        yield { id: n % 2 === 0 ? chicago.accountProductReportId : washington.accountProductReportId, sections: 1 };
      }
    }
    const seen: number[] = [];
    for await (const outcome of pdfsInOrder(deps, auth, requests(), { concurrency: 2 })) {
      expect(outcome.ok).toBe(true);
      // Two in progress, plus the one started before this outcome was handed over.
      expect(pulled).toBeLessThanOrEqual(seen.length + 3);
      seen.push(outcome.id);
    }
    expect(seen).toEqual([0, 1, 2, 3, 4, 5].map((n) => (n % 2 === 0 ? chicago.accountProductReportId : washington.accountProductReportId)));
    expect(await all([])).toEqual([]);
  });
});
