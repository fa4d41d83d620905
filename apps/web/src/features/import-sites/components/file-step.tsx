import { useRef, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_FILE_MAX_BYTES,
  ImportMessages,
  importMappingProblem,
  type TImportField,
  type TImportFileInfo,
  type TImportMapping,
} from '@riskatlas/domain';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { uploadImportFile } from '../api/import-file';

/** The label of a field, the external id named as the account names it. */
export function fieldLabel(field: TImportField, externalIdName: string): string {
  return field === 'externalId' ? externalIdName || IMPORT_FIELD_LABELS.externalId : IMPORT_FIELD_LABELS[field];
}

/** Mode 1 before a file is there: choose or drop a CSV, XLSX or XLS file; the upload shows its progress. */
export function UploadPanel({ onUploaded }: { onUploaded: (info: TImportFileInfo) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > IMPORT_FILE_MAX_BYTES) {
      setError(ImportMessages.fileTooLarge(IMPORT_FILE_MAX_BYTES));
      return;
    }
    setUploading(true);
    try {
      onUploaded(await uploadImportFile(file));
    } catch (cause) {
      // A refusal of the file names what is wrong; a failure without words gets the spec's sentence.
      setError(isApiError(cause) && cause.status >= 400 && cause.status < 500 ? errorMessage(cause) : ImportMessages.uploadFailed);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void upload(event.dataTransfer.files[0]);
  };

  return (
    <Paper
      variant="outlined"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center', borderStyle: 'dashed', borderWidth: 2, bgcolor: dragging ? 'action.hover' : undefined }}
    >
      <UploadFileOutlinedIcon color="primary" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        Upload a file of sites
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 2, maxWidth: 560, mx: 'auto' }}>
        A CSV (any delimiter; UTF-8, UTF-16 or Windows-1252), XLSX or XLS file with one site per row: a name and an address (street, city, state, zip/post code,
        country) or coordinates. Up to {Math.round(IMPORT_FILE_MAX_BYTES / 1024 / 1024)} MB and 100,000 rows. Drop it here or choose it.
      </Typography>
      <input ref={input} type="file" hidden accept=".csv,.txt,.tsv,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel" onChange={(event) => void upload(event.target.files?.[0])} data-testid="import-file-input" />
      <Button variant="contained" disabled={uploading} onClick={() => input.current?.click()}>
        Choose file
      </Button>
      {uploading ? (
        <Box sx={{ mt: 3, maxWidth: 420, mx: 'auto' }} role="status">
          <LinearProgress aria-label="Upload progress" />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Uploading and reading the file…
          </Typography>
        </Box>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mt: 3, textAlign: 'left' }}>
          {error}
        </Alert>
      ) : null}
    </Paper>
  );
}

/**
 * Mode 1 with a file: each column of the file and the field it fills. A field may be chosen for one
 * column only: choosing it for a second column shows the spec's warning and leaves the mapping as it was.
 */
export function ColumnMatching(props: {
  info: TImportFileInfo;
  mapping: TImportMapping;
  externalIdName: string;
  onMappingChange: (mapping: TImportMapping) => void;
  onHasHeaderChange: (hasHeader: boolean) => void;
}) {
  const { info, mapping } = props;
  const [warning, setWarning] = useState<string | null>(null);
  const fieldOf = (columnIndex: number) => mapping.find((entry) => entry.columnIndex === columnIndex)?.field ?? null;
  const choose = (columnIndex: number, field: TImportField | null) => {
    const taken = field === null ? undefined : mapping.find((entry) => entry.field === field && entry.columnIndex !== columnIndex);
    if (taken && field !== null) {
      const column = info.columns.find((entry) => entry.columnIndex === taken.columnIndex)?.name ?? `Column ${taken.columnIndex + 1}`;
      setWarning(ImportMessages.fieldMatchedTwice(fieldLabel(field, props.externalIdName), column));
      return;
    }
    setWarning(null);
    props.onMappingChange([...mapping.filter((entry) => entry.columnIndex !== columnIndex), { columnIndex, field }].sort((a, b) => a.columnIndex - b.columnIndex));
  };
  const problem = importMappingProblem(mapping, info.columns);

  return (
    <Box>
      <Typography sx={{ mb: 1 }}>
        <strong>{info.filename}</strong> · {info.rowCount.toLocaleString()} {info.rowCount === 1 ? 'row' : 'rows'}
      </Typography>
      {info.warnings.map((text) => (
        <Alert key={text} severity="warning" sx={{ mb: 1 }}>
          {text}
        </Alert>
      ))}
      <FormControlLabel control={<Checkbox checked={info.hasHeader} onChange={(event) => props.onHasHeaderChange(event.target.checked)} />} label="The first row holds the column names" />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Choose the site field each column fills. Columns left on “Don’t import” are ignored.
      </Typography>
      {warning ? (
        <Alert severity="warning" sx={{ mb: 2 }} onClose={() => setWarning(null)}>
          {warning}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        {info.columns.map((column) => (
          <Paper key={column.columnIndex} variant="outlined" sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="import-column">
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{column.name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {column.examples.filter(Boolean).slice(0, 3).join(' · ') || 'No values in the first rows'}
            </Typography>
            <TextField
              select
              size="small"
              label="Fills"
              value={fieldOf(column.columnIndex) ?? ''}
              onChange={(event) => choose(column.columnIndex, event.target.value === '' ? null : (event.target.value as TImportField))}
            >
              <MenuItem value="">Don’t import</MenuItem>
              {IMPORT_FIELDS.map((field) => (
                <MenuItem key={field} value={field}>
                  {fieldLabel(field, props.externalIdName)}
                </MenuItem>
              ))}
            </TextField>
          </Paper>
        ))}
      </Box>
      {problem ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      ) : null}
    </Box>
  );
}
