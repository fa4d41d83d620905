import { memo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { DialogButtons, DialogError } from '../../../components/dialog-buttons';
import { errorMessage } from '../../../lib/api-client';
import { defaultColumnLayout, moveColumn, type ColumnLayoutEntry } from '../grid/column-layout';
import type { ColumnContext } from '../grid/columns';

/**
 * Column settings of the Site Library: which columns show and in what order (widths are dragged
 * in the grid). Administrators may also apply the layout to every user of the account, which is
 * how a locked library (lockLibraryViewColumns) gets its columns.
 */
export const ColumnSettingsDialog = memo(function ColumnSettingsDialog(props: {
  open: boolean;
  layout: readonly ColumnLayoutEntry[];
  context: ColumnContext;
  canSetForAll: boolean;
  onSave: (layout: ColumnLayoutEntry[]) => void;
  onSaveForAll: (layout: ColumnLayoutEntry[]) => Promise<void>;
  onClose: () => void;
}) {
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby="column-settings-title" maxWidth="sm" fullWidth scroll="paper">
      {props.open ? <ColumnSettingsBody {...props} /> : null}
    </Dialog>
  );
});

function ColumnSettingsBody(props: Parameters<typeof ColumnSettingsDialog>[0]) {
  const [draft, setDraft] = useState<ColumnLayoutEntry[]>(() => [...props.layout]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shownCount = draft.filter((entry) => entry.visible).length;

  const setVisible = (id: string, visible: boolean) =>
    setDraft((current) => current.map((entry) => (entry.column.id === id ? { ...entry, visible } : entry)));

  const saveForAll = async () => {
    setBusy(true);
    setError(null);
    try {
      await props.onSaveForAll(draft);
      props.onClose();
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <DialogTitle id="column-settings-title">Columns</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 1 }}>
          Choose the columns of your site library and their order. Drag a column’s edge in the grid to change its width.
        </DialogContentText>
        <List dense aria-label="Columns" disablePadding>
          {draft.map((entry, index) => {
            const label = entry.column.label(props.context);
            return (
              <ListItem
                key={entry.column.id}
                disableGutters
                data-testid="column-setting"
                secondaryAction={
                  <Box sx={{ display: 'flex' }}>
                    <IconButton
                      size="small"
                      aria-label={`Move ${label} up`}
                      disabled={index === 0}
                      onClick={() => setDraft((current) => moveColumn(current, index, index - 1))}
                    >
                      <KeyboardArrowUpIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={`Move ${label} down`}
                      disabled={index === draft.length - 1}
                      onClick={() => setDraft((current) => moveColumn(current, index, index + 1))}
                    >
                      <KeyboardArrowDownIcon fontSize="small" />
                    </IconButton>
                  </Box>
                }
              >
                <FormControlLabel
                  control={
                    <Checkbox
                      size="small"
                      checked={entry.visible}
                      // The last shown column stays: a grid without columns cannot be used.
                      disabled={entry.visible && shownCount === 1}
                      onChange={(event) => setVisible(entry.column.id, event.target.checked)}
                    />
                  }
                  label={label}
                />
              </ListItem>
            );
          })}
        </List>
        <DialogError error={error} />
      </DialogContent>
      <DialogButtons
        onCancel={props.onClose}
        onConfirm={() => {
          props.onSave(draft);
          props.onClose();
        }}
        confirmLabel="Save"
        busy={busy}
        sx={{ flexWrap: 'wrap', gap: 1 }}
        leading={
          <Button onClick={() => setDraft(defaultColumnLayout())} disabled={busy} sx={{ mr: 'auto' }}>
            Restore defaults
          </Button>
        }
      >
        {props.canSetForAll ? (
          <Button onClick={() => void saveForAll()} disabled={busy} variant="outlined">
            Save for all users
          </Button>
        ) : null}
      </DialogButtons>
    </>
  );
}
