import { apiFetchBytes } from '../../../lib/api-client';

/** Which file of a report: its PDF (with sections and methodologies) or its Excel workbook. */
export type ReportFile = { kind: 'pdf'; sections?: number; methodologies?: readonly number[] } | { kind: 'excel' };

const MEDIA_TYPES = { pdf: 'application/pdf', excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;
const EXTENSIONS = { pdf: 'pdf', excel: 'xlsx' } as const;

/** The name the file is saved under, as the server names it: RiskAtlas-Harbor-Depot-2026.pdf. */
export function reportFileName(siteName: string, releaseYear: number, kind: ReportFile['kind']): string {
  const name = siteName.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'site';
  return `RiskAtlas-${name}-${releaseYear}.${EXTENSIONS[kind]}`;
}

/**
 * GET reports/{id}/pdf or reports/{id}/excel, saved by the browser: the bytes are fetched with
 * the session (so a failure is an error the page can show, not a broken tab) and handed to a
 * temporary link.
 */
export async function downloadReportFile(accountProductReportId: number, file: ReportFile, fileName: string): Promise<void> {
  const query = file.kind === 'pdf' ? { sections: file.sections, methodologies: file.methodologies?.join(',') } : {};
  const bytes = await apiFetchBytes(`reports/${accountProductReportId}/${file.kind}`, { query, accept: MEDIA_TYPES[file.kind] });
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: MEDIA_TYPES[file.kind] }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file to the browser; the object URL is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
