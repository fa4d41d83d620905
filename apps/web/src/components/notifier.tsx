import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import Snackbar from '@mui/material/Snackbar';
import { ALERT_AUTO_CLOSE_MS } from '@riskatlas/domain';

/** A short message at the bottom of the screen; one with an action stays until closed. */
export interface Notice {
  message: string;
  severity?: 'success' | 'info' | 'warning' | 'error';
  action?: { label: string; onClick: () => void };
}

type Notify = (notice: Notice) => void;

const NotifierContext = createContext<Notify>(() => undefined);

/** Shows notices one after another; each alert closes after 2750 ms. */
export function NotifierProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<(Notice & { key: number })[]>([]);
  const notify = useCallback<Notify>((notice) => {
    setQueue((current) => [...current, { ...notice, key: Date.now() + Math.random() }]);
  }, []);
  const current = queue[0];
  const close = () => setQueue((items) => items.slice(1));
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifierContext.Provider value={value}>
      {children}
      <Snackbar
        key={current?.key}
        open={Boolean(current)}
        autoHideDuration={current?.action ? null : ALERT_AUTO_CLOSE_MS}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') close();
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {current ? (
          <Alert
            severity={current.severity ?? 'info'}
            variant="filled"
            onClose={close}
            action={
              current.action ? (
                <>
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => {
                      current.action?.onClick();
                      close();
                    }}
                  >
                    {current.action.label}
                  </Button>
                  <IconButton color="inherit" size="small" aria-label="Close" onClick={close}>
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </>
              ) : undefined
            }
            sx={{ alignItems: 'center' }}
          >
            {current.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </NotifierContext.Provider>
  );
}

/** Shows a notice. */
export function useNotify(): Notify {
  return useContext(NotifierContext);
}
