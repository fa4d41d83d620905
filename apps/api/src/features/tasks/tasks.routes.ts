import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMarkSeenQuery, ZTaskChangeResult, ZTaskIdsBody, ZTaskPathParams, ZTaskStatus, ZTaskStatusList, ZTouchQuery } from '@riskatlas/domain';
import type { AppDeps } from '../../platform/app-deps';
import { authOf } from '../../access/request-auth';
import { deleteTasks, getTask, listTasks, touchTasks } from '../../platform/tasks/tasks.service';

const tags = ['tasks'];

/**
 * users/taskstatuses: the caller's task statuses. The reads are passive — the client
 * polls them on a timer, and polling must not keep an idle session alive.
 */
export function tasksRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  return async (app) => {
    app.get(
      '/users/taskstatuses',
      {
        config: { passive: true },
        schema: { tags, summary: "The caller's tasks of the last 30 days, newest first", querystring: ZMarkSeenQuery, response: { 200: ZTaskStatusList } },
      },
      async (request) => {
        const auth = authOf(request);
        return listTasks(db, auth, { markSeen: request.query.markSeen, now: deps.now() });
      },
    );

    app.get(
      '/users/taskstatuses/:id',
      {
        config: { passive: true },
        schema: { tags, summary: 'One of the caller’s tasks', params: ZTaskPathParams, querystring: ZMarkSeenQuery, response: { 200: ZTaskStatus } },
      },
      async (request) => {
        const auth = authOf(request);
        return getTask(db, auth, request.params.id, { markSeen: request.query.markSeen, now: deps.now() });
      },
    );

    app.post(
      '/users/taskstatuses/touch',
      {
        config: { readOnlyAllowed: "marks the caller's own notifications seen or clicked" },
        schema: { tags, summary: 'Marks the caller’s tasks clicked and/or seen', querystring: ZTouchQuery, body: ZTaskIdsBody, response: { 200: ZTaskChangeResult } },
      },
      async (request) => {
        const auth = authOf(request);
        const count = await touchTasks(db, auth, request.body, { seen: request.query.seen === 'true', clicked: request.query.clicked === 'true' }, deps.now());
        return { count };
      },
    );

    app.post(
      '/users/taskstatuses/delete',
      { config: { write: true }, schema: { tags, summary: 'Deletes the caller’s tasks', body: ZTaskIdsBody, response: { 200: ZTaskChangeResult } } },
      async (request) => {
        const auth = authOf(request);
        return { count: await deleteTasks(db, auth, request.body) };
      },
    );
  };
}
