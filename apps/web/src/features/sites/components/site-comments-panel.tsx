import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COMMENT_TOO_LONG, MAX_SITE_COMMENT_LENGTH, SiteMessages } from '@riskatlas/domain';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-client';
import { placeError } from '../../../lib/form-error';
import { useAddSiteComment, useSiteComments } from '../api/site-comments';

/** The comment box's help line: what is wrong on the left, the live character count on the right. */
function CommentHelp({ message, length }: { message: string | null; length: number }) {
  return (
    <Box component="span" sx={{ display: 'flex', gap: 2, justifyContent: 'space-between' }}>
      <span>{message}</span>
      <Box component="span" data-testid="comment-length" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {`${length.toLocaleString()} / ${MAX_SITE_COMMENT_LENGTH.toLocaleString()}`}
      </Box>
    </Box>
  );
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Why a user cannot comment (read-only, or comments not allowed), or null when they can. */
export function commentBlocker(options: { readOnly: boolean; canComment: boolean }): string | null {
  if (options.readOnly) return SiteMessages.readOnlyComments;
  if (!options.canComment) return SiteMessages.cannotComment;
  return null;
}

/** The site comments dialog's content: comments with author and date, newest first, and a form to add one. */
export function SiteCommentsPanel({ siteId, blocker }: { siteId: number; blocker: string | null }) {
  const comments = useSiteComments(siteId);
  const add = useAddSiteComment(siteId);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const tooLong = text.length > MAX_SITE_COMMENT_LENGTH;
  // The server's refusal shows once: under the comment box when it names the comment, else below it.
  const refused = add.error ? placeError(add.error, ['comment']) : null;
  const boxMessage = missing ? SiteMessages.commentRequired : tooLong ? COMMENT_TOO_LONG : refused?.field === 'comment' ? refused.message : null;

  const submit = () => {
    if (!text.trim()) {
      setMissing(true);
      return;
    }
    if (tooLong) return;
    add.mutate(text.trim(), { onSuccess: () => setText('') });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
      {blocker ? (
        <Alert severity="info">{blocker}</Alert>
      ) : (
        <Box component="form" onSubmit={(event) => { event.preventDefault(); submit(); }} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <TextField
            label="Add a comment"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setMissing(false);
              if (add.error) add.reset();
            }}
            multiline
            minRows={2}
            maxRows={6}
            error={Boolean(boxMessage)}
            helperText={<CommentHelp message={boxMessage} length={text.length} />}
            disabled={add.isPending}
            fullWidth
          />
          {refused && refused.field === null ? <Alert severity="error">{refused.message}</Alert> : null}
          <Box>
            <Button type="submit" variant="contained" disabled={add.isPending || tooLong}>
              {add.isPending ? 'Adding…' : 'Add comment'}
            </Button>
          </Box>
        </Box>
      )}
      {comments.isPending ? (
        <PageSpinner label="Loading comments" />
      ) : comments.isError ? (
        <Alert severity="error">{errorMessage(comments.error)}</Alert>
      ) : comments.data.length === 0 ? (
        <Typography color="text.secondary">There are no comments on this site yet.</Typography>
      ) : (
        <Box component="ol" aria-label="Comments" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {comments.data.map((comment) => (
            <Box component="li" key={comment.commentId} data-testid="site-comment" sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {comment.comment}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {comment.author} · <time dateTime={comment.date}>{dateTime.format(Date.parse(comment.date))}</time>
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
