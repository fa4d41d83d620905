import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { methodologyOf, REPORT_SECTIONS, ReportDocumentMessages } from '@riskatlas/domain';
import { DialogButtons, DialogError } from '../../../components/dialog-buttons';

/** What the Custom PDF dialog answers: the section value and the methodologies ticked. */
export interface PdfChoice {
  sections: number;
  methodologies: number[];
}

/** Ticks every box of a list. */
function toggled<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? [...list, item] : list.filter((entry) => entry !== item);
}

/**
 * Custom PDF download: which sections (the product's section list, all ticked) and which of the
 * report's methodologies the PDF shows. At least one of each.
 */
export function CustomPdfDialog(props: { methodologies: readonly number[]; busy: boolean; onCancel: () => void; onDownload: (choice: PdfChoice) => void }) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [sections, setSections] = useState<number[]>(REPORT_SECTIONS.map((section) => section.bit));
  const [methodologies, setMethodologies] = useState<number[]>([...props.methodologies]);
  const [error, setError] = useState<string | null>(null);
  const download = () => {
    if (sections.length === 0) return setError(ReportDocumentMessages.noSection);
    if (methodologies.length === 0) return setError(ReportDocumentMessages.noMethodology);
    setError(null);
    props.onDownload({ sections: sections.reduce((sum, bit) => sum | bit, 0), methodologies: props.methodologies.filter((id) => methodologies.includes(id)) });
  };
  return (
    <Dialog open onClose={props.busy ? undefined : props.onCancel} fullScreen={fullScreen} aria-labelledby="custom-pdf-title" maxWidth="sm" fullWidth>
      <DialogTitle id="custom-pdf-title">Custom PDF</DialogTitle>
      <DialogContent>
        <FormLabel component="legend">Sections</FormLabel>
        <FormGroup>
          {REPORT_SECTIONS.map((section) => (
            <FormControlLabel
              key={section.bit}
              label={section.label}
              control={<Checkbox checked={sections.includes(section.bit)} onChange={(event) => setSections((list) => toggled(list, section.bit, event.target.checked))} />}
            />
          ))}
        </FormGroup>
        {props.methodologies.length > 1 ? (
          <>
            <FormLabel component="legend" sx={{ mt: 2 }}>
              Methodologies
            </FormLabel>
            <FormGroup>
              {props.methodologies.map((id) => (
                <FormControlLabel
                  key={id}
                  label={methodologyOf(id)?.name ?? `Methodology ${id}`}
                  control={<Checkbox checked={methodologies.includes(id)} onChange={(event) => setMethodologies((list) => toggled(list, id, event.target.checked))} />}
                />
              ))}
            </FormGroup>
          </>
        ) : null}
        <DialogError error={error} />
      </DialogContent>
      <DialogButtons onCancel={props.onCancel} onConfirm={download} confirmLabel="Download PDF" busy={props.busy} autoFocus="confirm" />
    </Dialog>
  );
}
