import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { methodologyOf, REPORT_SECTIONS, ReportDocumentMessages } from '@riskatlas/domain';

/** What a custom PDF is made of: the section value and the methodologies ticked. */
export interface PdfChoice {
  sections: number;
  methodologies: number[];
}

/** Ticks or unticks one box of a list. */
function toggled<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? [...list, item] : list.filter((entry) => entry !== item);
}

/**
 * The state of a custom PDF choice: every section and every offered methodology ticked at first.
 * The methodologies unticked are kept rather than those ticked, so a list offered later (the
 * download wizard learns it from the counts) starts all ticked too.
 * `check()` answers the choice, or null after setting the product's message when a list is empty.
 */
export function usePdfChoice(offered: readonly number[]) {
  const [sections, setSections] = useState<number[]>(REPORT_SECTIONS.map((section) => section.bit));
  const [unticked, setUnticked] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const methodologies = offered.filter((id) => !unticked.includes(id));
  const setSection = (bit: number, on: boolean) => setSections((list) => toggled(list, bit, on));
  const setMethodology = (id: number, on: boolean) => setUnticked((list) => toggled(list, id, !on));
  const check = (): PdfChoice | null => {
    if (sections.length === 0) {
      setError(ReportDocumentMessages.noSection);
      return null;
    }
    if (methodologies.length === 0) {
      setError(ReportDocumentMessages.noMethodology);
      return null;
    }
    setError(null);
    return value;
  };
  /** The choice as it stands, unchecked (what a summary shows). */
  const value: PdfChoice = { sections: sections.reduce((sum, bit) => sum | bit, 0), methodologies };
  return { offered, sections, setSection, methodologies, setMethodology, error, check, value };
}

/** What usePdfChoice answers: the boxes ticked, their setters, the message and the check. */
export type PdfChoiceState = ReturnType<typeof usePdfChoice>;

/**
 * The section and methodology boxes of a custom PDF (the Detail page's Custom PDF dialog, the
 * download wizard's pdfCustomize step). Methodologies are offered only when there is a choice.
 */
export function PdfChoiceFields({ choice }: { choice: PdfChoiceState }) {
  return (
    <>
      <FormLabel component="legend">Sections</FormLabel>
      <FormGroup>
        {REPORT_SECTIONS.map((section) => (
          <FormControlLabel
            key={section.bit}
            label={section.label}
            control={
              <Checkbox checked={choice.sections.includes(section.bit)} onChange={(event) => choice.setSection(section.bit, event.target.checked)} />
            }
          />
        ))}
      </FormGroup>
      {choice.offered.length > 1 ? (
        <>
          <FormLabel component="legend" sx={{ mt: 2 }}>
            Methodologies
          </FormLabel>
          <FormGroup>
            {choice.offered.map((id) => (
              <FormControlLabel
                key={id}
                label={methodologyOf(id)?.name ?? `Methodology ${id}`}
                control={<Checkbox checked={choice.methodologies.includes(id)} onChange={(event) => choice.setMethodology(id, event.target.checked)} />}
              />
            ))}
          </FormGroup>
        </>
      ) : null}
    </>
  );
}
