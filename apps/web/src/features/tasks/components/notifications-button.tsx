import { useState, type MouseEvent } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import ErrorIcon from '@mui/icons-material/Error';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isListedTask, isTaskFinished, producesFile, taskDisplay, type TTaskStatus } from '@riskatlas/domain';
import { PageLink } from '../../../components/page-link';
import { PageId } from '../../../lib/page-ids';
import { useDeleteTaskStatuses } from '../api/delete-task-statuses';
import { getTaskStatuses, taskStatusesKey, taskStatusesQueryOptions } from '../api/get-task-statuses';

function TaskIcon({ task }: { task: TTaskStatus }) {
  const display = taskDisplay(task);
  if (display.kind === 'running') {
    return display.progress === null ? (
      <CircularProgress size={24} aria-label="In progress" />
    ) : (
      <CircularProgress variant="determinate" value={display.progress * 100} size={24} aria-label={`Progress ${display.label}`} />
    );
  }
  return display.kind === 'complete' ? <CheckCircleIcon color="success" titleAccess="Complete" /> : <ErrorIcon color="error" titleAccess="Failed" />;
}

function TaskItem({ task, onDismiss, onNavigate }: { task: TTaskStatus; onDismiss: () => void; onNavigate: () => void }) {
  const display = taskDisplay(task);
  const title = task.message?.trim() || 'Task';
  const secondary = display.kind === 'running' ? (display.progress === null ? 'In progress…' : display.label) : display.detail;
  return (
    <ListItem
      data-testid="task-item"
      alignItems="flex-start"
      secondaryAction={
        <IconButton edge="end" size="small" aria-label={`Dismiss ${title}`} onClick={onDismiss}>
          <CloseIcon fontSize="small" />
        </IconButton>
      }
    >
      <ListItemIcon sx={{ minWidth: 40, mt: 0.5 }}>
        <TaskIcon task={task} />
      </ListItemIcon>
      <ListItemText
        primary={title}
        secondary={
          <>
            <Box component="span" sx={{ display: 'block', color: display.kind === 'failed' ? 'error.main' : undefined }}>
              {secondary}
            </Box>
            {display.kind === 'complete' && producesFile(task) ? (
              <PageLink page={PageId.FileDownloads} onClick={onNavigate}>
                Open File Downloads
              </PageLink>
            ) : null}
          </>
        }
        slotProps={{ primary: { sx: { fontWeight: task.seen ? 400 : 600 } }, secondary: { component: 'div' } }}
      />
    </ListItem>
  );
}

/**
 * The bell in the app bar: the user's tasks (types 1 and 3 excluded), a spinner while any runs,
 * the count of unseen ones. Opening the list marks them seen.
 */
export function NotificationsButton() {
  const queryClient = useQueryClient();
  // The tracker owns the refreshing; this only reads the same cached list.
  const { data = [] } = useQuery({ ...taskStatusesQueryOptions(), enabled: false });
  const dismiss = useDeleteTaskStatuses();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const listed = data.filter(isListedTask).sort((a, b) => b.created.localeCompare(a.created) || b.taskStatusId - a.taskStatusId);
  const unseen = listed.filter((task) => !task.seen).length;
  const anyRunning = listed.some((task) => !isTaskFinished(task.currentStatus));

  const open = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    if (unseen > 0) {
      getTaskStatuses({ markSeen: true })
        .then((tasks) => queryClient.setQueryData(taskStatusesKey, tasks))
        .catch(() => undefined); // still unseen; the next refresh shows the same list
    }
  };

  const label = `Notifications${unseen > 0 ? `, ${unseen} new` : ''}${anyRunning ? ', tasks in progress' : ''}`;
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor ? 'true' : 'false'}
          onClick={open}
          data-testid="notifications-button"
          sx={{ position: 'relative' }}
        >
          <Badge badgeContent={unseen} color="secondary">
            <NotificationsIcon />
          </Badge>
          {anyRunning ? (
            <CircularProgress
              size={40}
              thickness={2}
              color="inherit"
              aria-hidden
              data-testid="notifications-running"
              sx={{ position: 'absolute', top: 0, left: 0, opacity: 0.7 }}
            />
          ) : null}
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Notifications', sx: { width: 380, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ px: 2, py: 1.5, fontWeight: 600 }}>
          Notifications
        </Typography>
        <Divider />
        {listed.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 3 }}>
            No notifications. Exports and other long tasks show their progress here.
          </Typography>
        ) : (
          <List dense sx={{ maxHeight: 420, overflowY: 'auto' }} aria-label="Tasks">
            {listed.map((task) => (
              <TaskItem
                key={task.taskStatusId}
                task={task}
                onDismiss={() => dismiss.mutate([task.taskStatusId])}
                onNavigate={() => setAnchor(null)}
              />
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
