import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DialogButtons, DialogError } from '../../../components/dialog-buttons';
import { PdfChoiceFields, usePdfChoice, type PdfChoice } from '../../../components/pdf-choice';

/**
 * Custom PDF download: which sections (the product's section list, all ticked) and which of the
 * report's methodologies the PDF shows. At least one of each.
 */
export function CustomPdfDialog(props: { methodologies: readonly number[]; busy: boolean; onCancel: () => void; onDownload: (choice: PdfChoice) => void }) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const choice = usePdfChoice(props.methodologies);
  const download = () => {
    const checked = choice.check();
    if (checked) props.onDownload(checked);
  };
  return (
    <Dialog open onClose={props.busy ? undefined : props.onCancel} fullScreen={fullScreen} aria-labelledby="custom-pdf-title" maxWidth="sm" fullWidth>
      <DialogTitle id="custom-pdf-title">Custom PDF</DialogTitle>
      <DialogContent>
        <PdfChoiceFields choice={choice} />
        <DialogError error={choice.error} />
      </DialogContent>
      <DialogButtons onCancel={props.onCancel} onConfirm={download} confirmLabel="Download PDF" busy={props.busy} autoFocus="confirm" />
    </Dialog>
  );
}
