import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Messages, SiteMessages, splitTags, type TSite, type TSiteFull } from '@riskatlas/domain';
import { ReportEntry } from './report-entry';
import { formatDate } from '../grid/cells';
import { COMMUNITY_TYPE_NAMES, GEOCODE_TYPE_NAMES, formatAddress } from '../grid/columns';
import { useSiteAutosave, type SaveState, type SiteDraft } from '../hooks/use-site-autosave';
import { Fact } from '../../../components/fact';

function saveStatus(state: SaveState): string {
  switch (state.kind) {
    case 'waiting':
      return 'Changes are saved as you type.';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return 'All changes saved.';
    default:
      return '';
  }
}

/**
 * The edit-site form: name (required), external id, tags
 * and notes, saved 400 ms after the last change; read-only users and users denied site editing see
 * the fields but cannot change them. Below, what the site is: address, point, reports.
 */
export function SiteDetailsPanel({ site, full, canEdit, readOnlyUser, externalIdLabel }: { site: TSite; full: TSiteFull | undefined; canEdit: boolean; readOnlyUser: boolean; externalIdLabel: string }) {
  const { draft, change, state } = useSiteAutosave(site, canEdit);
  // A failed save's message shows once: under the field at fault, else below the form.
  const fieldError = (field: keyof SiteDraft): string | null => (state.kind === 'failed' && state.field === field ? state.message : null);
  const nameError = state.kind === 'invalid' ? state.message : fieldError('siteName');
  const externalIdError = fieldError('externalID');
  const tagsError = fieldError('tags');
  const notesError = fieldError('notes');
  const tags = splitTags(draft.tags);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
      {!canEdit ? <Alert severity="info">{readOnlyUser ? Messages.readOnlyUser : SiteMessages.cannotEditSites}</Alert> : null}
      <TextField
        label="Site Name"
        value={draft.siteName}
        onChange={(event) => change('siteName', event.target.value)}
        required
        error={Boolean(nameError)}
        helperText={nameError}
        slotProps={{ input: { readOnly: !canEdit } }}
        fullWidth
      />
      <TextField
        label={externalIdLabel}
        value={draft.externalID}
        onChange={(event) => change('externalID', event.target.value)}
        error={Boolean(externalIdError)}
        helperText={externalIdError}
        slotProps={{ input: { readOnly: !canEdit } }}
        fullWidth
      />
      <Box>
        <TextField
          label="Tags"
          value={draft.tags}
          onChange={(event) => change('tags', event.target.value)}
          error={Boolean(tagsError)}
          helperText={tagsError ?? 'Separate tags with semicolons.'}
          slotProps={{ input: { readOnly: !canEdit } }}
          fullWidth
        />
        {tags.length > 0 ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }} aria-label="Tags">
            {tags.map((tag) => (
              <Chip key={tag} label={tag} size="small" />
            ))}
          </Box>
        ) : null}
      </Box>
      <TextField
        label="Notes"
        value={draft.notes}
        onChange={(event) => change('notes', event.target.value)}
        multiline
        minRows={2}
        maxRows={8}
        error={Boolean(notesError)}
        helperText={notesError}
        slotProps={{ input: { readOnly: !canEdit } }}
        fullWidth
      />
      <Typography variant="body2" color="text.secondary" role="status" sx={{ minHeight: '1.5em' }}>
        {saveStatus(state)}
      </Typography>
      {state.kind === 'failed' && state.field === null ? <Alert severity="error">{state.message}</Alert> : null}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5, m: 0 }}>
        <Fact label="Address">{formatAddress(site)}</Fact>
        <Fact label="Country">{site.countryDisplay || site.countryCode}</Fact>
        <Fact label="County">{full?.county}</Fact>
        <Fact label="Coordinates">{`${site.latitude.toFixed(7)}, ${site.longitude.toFixed(7)}`}</Fact>
        <Fact label="Geocode source">{site.geocodeType ? (GEOCODE_TYPE_NAMES[site.geocodeType] ?? site.geocodeType) : null}</Fact>
        <Fact label="Community type">{COMMUNITY_TYPE_NAMES[site.ct]}</Fact>
        <Fact label="Created">{formatDate(site.created)}</Fact>
        <Fact label="Last report">{site.lrr ? formatDate(site.lrr) : null}</Fact>
      </Box>
      {full ? (
        <Box>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            Reports
          </Typography>
          {full.reports.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              This site has no reports yet.
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="Reports">
              {full.reports.map((report) => (
                <ReportEntry key={report.accountProductReportId} report={report} />
              ))}
            </Box>
          )}
        </Box>
      ) : null}
    </Box>
  );
}
