import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZSiteComment, ZSiteCommentList, type TSiteComment } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

const siteCommentsKey = (siteId: number) => ['sites', 'comments', siteId] as const;

/** GET sites/{id}/comments: newest first. */
function getSiteComments(siteId: number, signal?: AbortSignal): Promise<TSiteComment[]> {
  return apiFetch(`sites/${siteId}/comments`, { schema: ZSiteCommentList, signal });
}

const siteCommentsQueryOptions = (siteId: number) =>
  queryOptions({ queryKey: siteCommentsKey(siteId), queryFn: ({ signal }) => getSiteComments(siteId, signal) });

export function useSiteComments(siteId: number) {
  return useQuery(siteCommentsQueryOptions(siteId));
}

/** POST sites/{id}/comments: the author and date are the caller and now. */
function addSiteComment(siteId: number, comment: string): Promise<TSiteComment> {
  return apiFetch(`sites/${siteId}/comments`, { method: 'POST', body: { comment }, schema: ZSiteComment });
}

/** Adds a comment and puts it at the top of the site's list. */
export function useAddSiteComment(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => addSiteComment(siteId, comment),
    onSuccess: (added) => {
      queryClient.setQueryData<TSiteComment[]>(siteCommentsKey(siteId), (list = []) => [added, ...list.filter((item) => item.commentId !== added.commentId)]);
      void queryClient.invalidateQueries({ queryKey: siteFullKey(siteId) });
    },
  });
}

/** The key of GET sites/full/{id} (its comment count changes with a new comment). */
export const siteFullKey = (siteId: number) => ['sites', 'full', siteId] as const;
