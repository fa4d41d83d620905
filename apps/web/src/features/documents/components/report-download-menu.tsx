import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DownloadIcon from '@mui/icons-material/Download';
import { ReportDocumentMessages } from '@riskatlas/domain';
import { useNotify } from '../../../components/notifier';
import { downloadReportFile, reportFileName, type ReportFile } from '../api/download-report';
import { CustomPdfDialog } from './custom-pdf-dialog';
import { EmailReportDialog } from './email-report-dialog';

/** What the menu needs of the report shown. */
export interface DownloadableReport {
  accountProductReportId: number;
  releaseYear: number;
  methodologyTypeIds: readonly number[];
  /** False for releases 2006 and earlier: no PDF (the menu is not shown). */
  hasPdf: boolean;
}

/**
 * The Detail page's Download menu: the whole PDF, a custom PDF, the Excel workbook, and the
 * report e-mailed as a PDF. Any failed download shows the one download-failure sentence.
 */
export function ReportDownloadMenu({ report, siteName, impersonating }: { report: DownloadableReport; siteName: string; impersonating: boolean }) {
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'custom' | 'email' | null>(null);
  const [busy, setBusy] = useState(false);
  if (!report.hasPdf) return null;

  const download = async (file: ReportFile) => {
    setAnchor(null);
    setBusy(true);
    try {
      await downloadReportFile(report.accountProductReportId, file, reportFileName(siteName, report.releaseYear, file.kind));
      setDialog(null);
    } catch {
      notify({ message: ReportDocumentMessages.downloadFailed, severity: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const open = (which: 'custom' | 'email') => {
    setAnchor(null);
    setDialog(which);
  };

  return (
    <>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={(event) => setAnchor(event.currentTarget)} disabled={busy} aria-haspopup="menu" aria-expanded={anchor ? 'true' : undefined}>
        {busy ? 'Preparing…' : 'Download'}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void download({ kind: 'pdf' })}>PDF (all sections)</MenuItem>
        <MenuItem onClick={() => open('custom')}>Custom PDF…</MenuItem>
        <MenuItem onClick={() => void download({ kind: 'excel' })}>Excel</MenuItem>
        <MenuItem onClick={() => open('email')}>E-mail report…</MenuItem>
      </Menu>
      {dialog === 'custom' ? (
        <CustomPdfDialog methodologies={report.methodologyTypeIds} busy={busy} onCancel={() => setDialog(null)} onDownload={(choice) => void download({ kind: 'pdf', ...choice })} />
      ) : null}
      {dialog === 'email' ? <EmailReportDialog accountProductReportId={report.accountProductReportId} siteName={siteName} impersonating={impersonating} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
