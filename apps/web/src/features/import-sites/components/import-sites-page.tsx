import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { ImportMessages, POLL_RETRY_BACKOFF_STEP_MS, TaskState, importMappingProblem, type TImportFileInfo, type TImportMapping, type TTaskStatus } from '@riskatlas/domain';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { useNotify } from '../../../components/notifier';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSignedInUser } from '../../../lib/api/current-user';
import { useFollowTask } from '../../../lib/use-follow-task';
import { importFileKey, processImportFile, useImportColumns } from '../api/import-file';
import { importQueueKey, useImportQueueCounts } from '../api/import-queue';
import { PENDING_POLL_MS } from '../hooks/use-queue-polling';
import { DEFAULT_IMPORT_OPTIONS, IMPORT_POLL_MS, IMPORT_TIMED_OUT, importPageTitle, processQueryOf, type ImportMode, type ImportOptions } from '../import-modes';
import { ExampleStep } from './example-step';
import { ColumnMatching, UploadPanel } from './file-step';
import { OptionsStep } from './options-step';
import { QueueView } from './queue-view';


/**
 * Import Sites: upload a file and match its columns (mode 1), review an example
 * (1.5), choose the options (2) and process it into the queue, then work the queue and import it
 * into the account (0). The page opens on the queue when it holds rows, else on the upload.
 */
export default function ImportSitesPage() {
  const user = useSignedInUser();
  const notify = useNotify();
  const followTask = useFollowTask();
  const queryClient = useQueryClient();
  const [chosenMode, setMode] = useState<ImportMode | null>(null);
  const [hasHeader, setHasHeader] = useState<boolean | undefined>(undefined);
  const [edited, setEdited] = useState<{ info: TImportFileInfo; mapping: TImportMapping } | null>(null);
  const [options, setOptions] = useState<ImportOptions>(DEFAULT_IMPORT_OPTIONS);
  const [processing, setProcessing] = useState<Pick<TTaskStatus, 'countTotal' | 'countCompleted'> | null>(null);
  const [processError, setProcessError] = useState<string | null>(null);
  // Read again every 5 s while rows are being validated (a failed read waits 100 ms longer each
  // time); edits invalidate it. Not read while the page is hidden (the query's interval pauses then).
  const counts = useImportQueueCounts((query) => ((query.state.data?.pending ?? 0) > 0 ? PENDING_POLL_MS + query.state.fetchFailureCount * POLL_RETRY_BACKOFF_STEP_MS : false));
  // Until the user moves, the page opens on the queue when it has rows, else on the upload.
  const mode: ImportMode | null = chosenMode ?? (counts.data ? (counts.data.total > 0 ? 0 : 1) : null);
  const file = useImportColumns(hasHeader, mode !== 0 && mode !== null);
  const info = file.data ?? null;
  // A new file (or the header switched) brings its own suggestion, or the mapping last used for its layout.
  const mapping: TImportMapping = info ? (edited?.info === info ? edited.mapping : (info.mapping ?? info.suggestedMappings)) : [];
  const setMapping = (next: TImportMapping) => info && setEdited({ info, mapping: next });

  const uploaded = (next: TImportFileInfo) => {
    setHasHeader(next.hasHeader);
    queryClient.setQueryData(importFileKey(next.hasHeader), next);
  };
  const process = async () => {
    if (!info) return;
    setProcessError(null);
    try {
      const { taskStatusId } = await processImportFile(processQueryOf(options, info.hasHeader), mapping);
      setProcessing({ countTotal: info.rowCount, countCompleted: 0 });
      followTask(
        taskStatusId,
        (task) => {
          setProcessing(null);
          void queryClient.invalidateQueries({ queryKey: importQueueKey });
          if (task.currentStatus === TaskState.Complete) {
            setMode(0);
            notify({ message: `${info.filename} has been processed into the queue.`, severity: 'success' });
          } else setProcessError(`${ImportMessages.fileNotProcessed} ${task.detail ?? ''}`.trim());
        },
        {
          intervalMs: IMPORT_POLL_MS,
          onProgress: setProcessing,
          // The failure path after the 20-minute time-out: the page stops waiting and says so.
          onGiveUp: () => {
            setProcessing(null);
            setProcessError(`${ImportMessages.fileNotProcessed} ${IMPORT_TIMED_OUT}`);
          },
        },
      );
    } catch (cause) {
      setProcessError(`${ImportMessages.fileNotProcessed} ${errorMessage(cause)}`.trim());
    }
  };

  if (mode === null) {
    return counts.isError ? <ErrorWithRetry message={errorMessage(counts.error)} onRetry={() => void counts.refetch()} /> : <PageSpinner label="Loading the import queue" />;
  }
  const title = importPageTitle(mode, info !== null);
  const mappingProblem = info ? importMappingProblem(mapping, info.columns) : null;
  const back = (to: ImportMode) => (
    <Button onClick={() => setMode(to)} disabled={processing !== null}>
      Back
    </Button>
  );

  return (
    <>
      <PageHeader title={title} subtitle={mode === 0 ? 'Rows of your files, checked and matched, waiting to be imported into the Site Library.' : undefined} />
      {mode === 0 && counts.data ? (
        <QueueView
          counts={counts.data}
          onImportMore={() => {
            // The file processed last is done with: the user chose to upload another one.
            queryClient.setQueryData(importFileKey(hasHeader), null);
            setMode(1);
          }}
        />
      ) : null}
      {mode === 1 ? (
        file.isPending && file.fetchStatus !== 'idle' ? (
          <PageSpinner label="Looking for your uploaded file" />
        ) : info ? (
          <>
            <ColumnMatching info={info} mapping={mapping} externalIdName={user.account.externalIDName} onMappingChange={setMapping} onHasHeaderChange={setHasHeader} />
            <StepButtons>
              {counts.data && counts.data.total > 0 ? <Button onClick={() => setMode(0)}>Back to the queue</Button> : null}
              <Button onClick={() => void queryClient.setQueryData(importFileKey(hasHeader), null)}>Upload another file</Button>
              <Button variant="contained" disabled={mappingProblem !== null} onClick={() => setMode(1.5)}>
                Next
              </Button>
            </StepButtons>
          </>
        ) : (
          <>
            <UploadPanel onUploaded={uploaded} />
            {counts.data && counts.data.total > 0 ? (
              <StepButtons>
                <Button onClick={() => setMode(0)}>Back to the queue</Button>
              </StepButtons>
            ) : null}
          </>
        )
      ) : null}
      {mode === 1.5 && info ? (
        <>
          <ExampleStep info={info} mapping={mapping} externalIdName={user.account.externalIDName} />
          <StepButtons>
            {back(1)}
            <Button variant="contained" onClick={() => setMode(2)}>
              Next
            </Button>
          </StepButtons>
        </>
      ) : null}
      {mode === 2 && info ? (
        <>
          <OptionsStep options={options} onChange={setOptions} />
          {processing ? (
            <Box sx={{ mt: 3 }} role="status">
              <Typography variant="body2" sx={{ mb: 1 }}>
                Processing {info.filename}: {processing.countCompleted.toLocaleString()} of {processing.countTotal.toLocaleString()} rows checked
              </Typography>
              <LinearProgress variant="determinate" value={processing.countTotal > 0 ? (100 * processing.countCompleted) / processing.countTotal : 0} aria-label="Processing progress" />
            </Box>
          ) : null}
          {processError ? (
            <Alert severity="error" sx={{ mt: 3 }}>
              {processError}
            </Alert>
          ) : null}
          <StepButtons>
            {back(1.5)}
            <Button variant="contained" disabled={processing !== null} onClick={() => void process()}>
              Process {info.rowCount.toLocaleString()} {info.rowCount === 1 ? 'row' : 'rows'}
            </Button>
          </StepButtons>
        </>
      ) : null}
    </>
  );
}

function StepButtons({ children }: { children: React.ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, mt: 3 }}>{children}</Box>;
}
