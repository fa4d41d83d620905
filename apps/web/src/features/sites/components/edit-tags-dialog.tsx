import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { joinTags, SiteMessages, splitTags, type TSite, type TSiteTagEditMode } from '@riskatlas/domain';
import { DialogButtons, DialogError } from '../../../components/dialog-buttons';
import { useNotify } from '../../../components/notifier';
import { placeError, type PlacedError } from '../../../lib/form-error';
import { saveTagsOfSites } from '../api/save-tags';
import { useSitesChanged } from '../hooks/use-sites-changed';

/**
 * Edit tags of the selected sites: add tags to them, remove tags from them, or replace
 * their tags. Tags are typed separated by ';' (trimmed; empties and repeats dropped). One request
 * (POST sites/tags) changes every selected site or, on an error, none; the server applies the same
 * rule as the domain's tagsAfterEdit and counts the sites that changed.
 */
export function EditTagsDialog(props: { open: boolean; sites: readonly TSite[]; onClose: () => void }) {
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby="edit-tags-title" maxWidth="sm" fullWidth>
      {props.open ? <Body {...props} /> : null}
    </Dialog>
  );
}

function Body({ sites, onClose }: { sites: readonly TSite[]; onClose: () => void }) {
  const notify = useNotify();
  const sitesChanged = useSitesChanged();
  const [mode, setMode] = useState<TSiteTagEditMode>('add');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  // Shown once: under the Tags field when it is about the tags, else below the form.
  const [error, setError] = useState<PlacedError<'tags'> | null>(null);
  const tags = splitTags(text);

  const save = async () => {
    if (mode !== 'replace' && tags.length === 0) {
      setError({ field: 'tags', message: SiteMessages.tagRequired });
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const { count } = await saveTagsOfSites({ siteIds: sites.map((site) => site.siteId), mode, tags: joinTags(tags) });
      if (count > 0) void sitesChanged();
      notify({ message: SiteMessages.updatesSaved, severity: 'success' });
      onClose();
    } catch (failure) {
      const placed = placeError(failure, ['tags']);
      setError({ ...placed, message: `${placed.message} ${SiteMessages.changeNotSaved}` });
    } finally {
      setBusy(false);
    }
  };

  const count = sites.length === 1 ? '1 selected site' : `${sites.length.toLocaleString()} selected sites`;
  return (
    <>
      <DialogTitle id="edit-tags-title">Edit tags</DialogTitle>
      <DialogContent>
        <DialogContentText>Change the tags of the {count}. Separate tags with semicolons.</DialogContentText>
        <RadioGroup row value={mode} onChange={(event) => setMode(event.target.value as TSiteTagEditMode)} aria-label="How to change the tags" sx={{ my: 1 }}>
          <FormControlLabel value="add" control={<Radio />} label="Add tags" disabled={busy} />
          <FormControlLabel value="remove" control={<Radio />} label="Remove tags" disabled={busy} />
          <FormControlLabel value="replace" control={<Radio />} label="Replace all tags" disabled={busy} />
        </RadioGroup>
        <TextField
          label="Tags"
          placeholder="e.g. North; Flagship"
          value={text}
          onChange={(event) => setText(event.target.value)}
          fullWidth
          autoFocus
          disabled={busy}
          error={error?.field === 'tags'}
          helperText={error?.field === 'tags' ? error.message : mode === 'replace' && tags.length === 0 ? 'Leave empty to remove every tag.' : undefined}
        />
        {tags.length > 0 ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }} aria-label="Tags to apply">
            {tags.map((tag) => (
              <Chip key={tag} label={tag} size="small" />
            ))}
          </Box>
        ) : null}
        {busy ? (
          <Box sx={{ mt: 2 }} role="status">
            <LinearProgress aria-label="Saving tags" />
            <DialogContentText variant="body2" sx={{ mt: 0.5 }}>
              Saving the tags of the {count}…
            </DialogContentText>
          </Box>
        ) : null}
        <DialogError error={error?.field === null ? error.message : null} />
      </DialogContent>
      <DialogButtons onCancel={onClose} onConfirm={() => void save()} confirmLabel="Save" busy={busy} />
    </>
  );
}
