import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IMPORT_FIELD_LABELS, ImportMessages, type TImportQueueEditRequest, type TQueuedImportSite } from '@riskatlas/domain';
import { DialogButtons, DialogError } from '../../../components/dialog-buttons';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-client';
import { useImportStatusDetail } from '../api/import-queue';

/** The row fields the dialog lets a user correct. */
const EDITABLE = ['siteName', 'street', 'street2', 'city', 'state', 'zipCode', 'countryCode', 'tags', 'notes', 'externalId'] as const;
type Editable = (typeof EDITABLE)[number];

/**
 * Why a queue row has its status, and how to fix it in place: the errors and warnings in words,
 * the geocode candidates to choose from, the matching sites to accept or refuse, matching turned
 * off for the row, and its fields corrected. Each change sends the row back to be checked.
 */
export function StatusDetailDialog(props: { row: TQueuedImportSite | null; externalIdName: string; onClose: () => void; onEdit: (edit: TImportQueueEditRequest) => Promise<void> }) {
  const { row } = props;
  const detail = useImportStatusDetail(row?.queuedSiteId ?? null);
  // The parent keys the dialog by row, so the draft starts from the row each time one opens.
  const [draft, setDraft] = useState<Record<Editable, string>>(() => Object.fromEntries(EDITABLE.map((field) => [field, row?.[field] ?? ''])) as Record<Editable, string>);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!row) return null;

  const send = async (edit: Omit<TImportQueueEditRequest, 'queuedSiteId'>) => {
    setBusy(true);
    setError(null);
    try {
      await props.onEdit({ queuedSiteId: row.queuedSiteId, ...edit });
      props.onClose();
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };
  const changed = EDITABLE.filter((field) => draft[field] !== row[field]);
  const data = detail.data;
  const hiddenMatches = data?.matches.some((match) => !match.visible) ?? false;

  return (
    <Dialog open onClose={busy ? undefined : props.onClose} aria-labelledby="import-detail-title" maxWidth="md" fullWidth>
      <DialogTitle id="import-detail-title">
        Row {row.rowNumber}: {row.siteName || '(no name)'}
      </DialogTitle>
      <DialogContent>
        {detail.isPending ? (
          <PageSpinner label="Loading the row's status" />
        ) : detail.isError ? (
          <Alert severity="error">{errorMessage(detail.error)}</Alert>
        ) : (
          <>
            <Typography sx={{ mb: 1 }}>{data!.statusDescription}</Typography>
            {data!.errors.map((item) => (
              <Alert key={item.name} severity="error" sx={{ mb: 1 }}>
                {item.text}
              </Alert>
            ))}
            {data!.warnings.map((item) => (
              <Alert key={item.name} severity="warning" sx={{ mb: 1 }}>
                {item.text}
              </Alert>
            ))}
            {data!.geoCandidates.length > 0 ? (
              <Section title="Places the address may be">
                <List dense>
                  {data!.geoCandidates.map((candidate, index) => (
                    <ListItem key={`${candidate.Coordinates.Latitude},${candidate.Coordinates.Longitude},${index}`} secondaryAction={<Button disabled={busy} onClick={() => void send({ candidateIndex: index })}>Choose</Button>}>
                      <ListItemText
                        primary={[candidate.Street, candidate.City, candidate.State, candidate.PostalCode].filter(Boolean).join(', ')}
                        secondary={`${candidate.Country} · ${candidate.precision.toLowerCase()} precision · ${candidate.Coordinates.Latitude}, ${candidate.Coordinates.Longitude}`}
                      />
                    </ListItem>
                  ))}
                </List>
              </Section>
            ) : null}
            {data!.matches.length > 0 ? (
              <Section title="Sites of the account this row matches">
                {hiddenMatches ? (
                  <Alert severity="info" sx={{ mb: 1 }}>
                    {data!.matchesMessage ?? ImportMessages.matchesNotVisible}
                  </Alert>
                ) : null}
                <List dense>
                  {data!.matches
                    .filter((match) => match.visible)
                    .map((match) => (
                      <ListItem
                        key={match.siteId}
                        secondaryAction={
                          row.siteId === match.siteId ? (
                            <Typography variant="body2" color="success.main">
                              Will be updated
                            </Typography>
                          ) : (
                            <Button disabled={busy} onClick={() => void send({ matchSiteId: match.siteId })}>
                              Update this site
                            </Button>
                          )
                        }
                      >
                        <ListItemText
                          primary={`${match.siteName} (site ${match.siteId})`}
                          secondary={[match.address, `${Math.round(match.similarity * 100)} % alike by ${match.matchedBy}`, match.distanceMeters === null ? null : `${(match.distanceMeters / 1609.34).toFixed(2)} mi away`].filter(Boolean).join(' · ')}
                        />
                      </ListItem>
                    ))}
                </List>
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  {row.siteId !== null ? (
                    <Button variant="outlined" disabled={busy} onClick={() => void send({ matchSiteId: null })}>
                      Import as a new site instead
                    </Button>
                  ) : null}
                  <Button variant="outlined" disabled={busy} onClick={() => void send({ disableMatching: true })}>
                    Turn off matching for this row
                  </Button>
                </Box>
              </Section>
            ) : null}
            {data!.queueMatches.length > 0 ? (
              <Section title="Rows of the queue that look like the same site">
                <List dense>
                  {data!.queueMatches.map((match) => (
                    <ListItem key={match.queuedSiteId}>
                      <ListItemText primary={`Row ${match.rowNumber}: ${match.siteName}`} secondary={`${Math.round(match.similarity * 100)} % alike`} />
                    </ListItem>
                  ))}
                </List>
              </Section>
            ) : null}
          </>
        )}
        <Section title="Correct the row">
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
            {EDITABLE.map((field) => (
              <TextField
                key={field}
                size="small"
                label={field === 'externalId' ? props.externalIdName || IMPORT_FIELD_LABELS.externalId : IMPORT_FIELD_LABELS[field]}
                value={draft[field]}
                onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
              />
            ))}
          </Box>
        </Section>
        <DialogError error={error} />
      </DialogContent>
      <DialogButtons
        onCancel={props.onClose}
        cancelLabel="Close"
        onConfirm={() => void send(Object.fromEntries(changed.map((field) => [field, draft[field]])))}
        confirmLabel="Save and check again"
        confirmDisabled={changed.length === 0}
        busy={busy}
      />
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
