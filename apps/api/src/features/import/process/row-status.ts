import {
  IMPORT_ERROR_TEXT,
  IMPORT_WARNING_TEXT,
  importErrorBit,
  importErrorsOf,
  importStatusBit,
  importWarningBit,
  importWarningsOf,
  type ImportErrorName,
  type ImportWarningName,
} from '@riskatlas/domain';

/** What a ready row will do on submit. */
export type ImportRowKind = 'Import' | 'Rescore' | 'Attachment';

/** A row's findings while it is checked: errors, warnings, and the sentences that explain its matches. */
export class RowFindings {
  errorFlags = 0;
  warningFlags = 0;
  /** Sentences about what the row matched (names, similarities), after the errors' and warnings' texts. */
  readonly notes: string[] = [];

  error(name: ImportErrorName): void {
    this.errorFlags |= importErrorBit(name);
  }

  warning(name: ImportWarningName): void {
    this.warningFlags |= importWarningBit(name);
  }

  hasError(name: ImportErrorName): boolean {
    return (this.errorFlags & importErrorBit(name)) !== 0;
  }

  clearError(name: ImportErrorName): void {
    this.errorFlags &= ~importErrorBit(name);
  }

  clearWarning(name: ImportWarningName): void {
    this.warningFlags &= ~importWarningBit(name);
  }
}

/**
 * statusFlags of a checked row: Processed, then Error when any error is set, else Ready with what
 * it will do (Import, Rescore, Attachment); Warning whenever a warning is set.
 */
export function importStatusFlags(errorFlags: number, warningFlags: number, kind: ImportRowKind): number {
  let flags = importStatusBit('Processed');
  flags |= errorFlags !== 0 ? importStatusBit('Error') : importStatusBit('Ready') | importStatusBit(kind);
  if (warningFlags !== 0) flags |= importStatusBit('Warning');
  return flags;
}

const READY_TEXT: Readonly<Record<ImportRowKind, string>> = {
  Import: 'Ready to import as a new site.',
  Rescore: 'Ready to update the matching site and score it again.',
  Attachment: 'Ready to update the matching site.',
};

/** The status in words: each error's and warning's text, what was matched, or what the row is ready for. */
export function importStatusDescription(errorFlags: number, warningFlags: number, kind: ImportRowKind, notes: readonly string[]): string {
  const sentences = [...importErrorsOf(errorFlags).map((name) => IMPORT_ERROR_TEXT[name]), ...importWarningsOf(warningFlags).map((name) => IMPORT_WARNING_TEXT[name]), ...notes];
  if (errorFlags === 0) sentences.push(READY_TEXT[kind]);
  return sentences.join(' ');
}

/** A similarity in words for the status description ('93% alike'). */
export function alikeText(similarity: number): string {
  return `${Math.round(similarity * 100)}% alike`;
}

/**
 * The change that gives a checked row one more error afterwards (the run's last look at the
 * queue, done in SQL over many rows): its error bit, the ready bits to clear and the Error bit to
 * set, its text to put first, and the ready sentences to take out of the description.
 */
export function addedErrorChange(name: ImportErrorName): { errorBit: number; clearStatusBits: number; setStatusBits: number; text: string; readySentences: readonly string[] } {
  return {
    errorBit: importErrorBit(name),
    clearStatusBits: importStatusBit('Ready') | importStatusBit('Import') | importStatusBit('Rescore') | importStatusBit('Attachment'),
    setStatusBits: importStatusBit('Error'),
    text: IMPORT_ERROR_TEXT[name],
    readySentences: Object.values(READY_TEXT),
  };
}
