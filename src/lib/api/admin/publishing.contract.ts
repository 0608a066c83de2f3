/**
 * Publishing, the 404 log and redirects, and site health (staff; Publish now is owner only).
 * A redirect is live after the build its change requests.
 */
import { z } from 'zod';
import { defineContract } from '../contract';

export const buildStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export const requestStates = ['waiting', 'building', 'live', 'failed'] as const;

const build = z.object({
  id: z.number().int(),
  trigger: z.enum(['debounce', 'publish-now', 'deploy', 'manual']),
  requestedBy: z.string().nullable(),
  target: z.enum(['netlify', 'local']),
  status: z.enum(buildStatuses),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  logTail: z.string().nullable(),
  requests: z.number().int(),
});
export type BuildView = z.output<typeof build>;

const publishRequest = z.object({
  id: z.number().int(),
  kind: z.string(),
  label: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  buildId: z.number().int().nullable(),
  state: z.enum(requestStates),
});
export type PublishRequestView = z.output<typeof publishRequest>;

const publishingState = z.object({
  /** netlify: the build hook; local: the serving script rebuilds; the hook is unset in production: nothing builds. */
  mode: z.enum(['netlify', 'local', 'not-configured']),
  debounceSeconds: z.number().int(),
  /** When the waiting requests build, if nothing is building. */
  nextBuildAt: z.string().nullable(),
  waiting: z.number().int(),
  builds: z.array(build),
  requests: z.array(publishRequest),
});
export type PublishingState = z.output<typeof publishingState>;

export const adminPublishingContract = defineContract({
  path: '/api/admin/publishing',
  method: 'GET',
  access: 'staff',
  response: publishingState,
});

export const adminPublishNowContract = defineContract({
  path: '/api/admin/publishing',
  method: 'POST',
  access: 'owner',
  request: z.strictObject({}),
  response: z.object({ build: build }),
});

export const notFoundSortColumns = ['hits', 'last_seen_at', 'path'] as const;

const notFoundRow = z.object({
  id: z.number().int(),
  path: z.string(),
  hits: z.number().int(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  lastReferrer: z.string().nullable(),
  suggestions: z.array(z.string()),
  /** Where a redirect already sends it (live after the next publish). */
  redirectedTo: z.string().nullable(),
});
export type NotFoundRow = z.output<typeof notFoundRow>;

export const adminNotFoundContract = defineContract({
  path: '/api/admin/not-found',
  method: 'GET',
  access: 'staff',
  query: z.strictObject({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(5).max(100).default(25),
    sort: z.enum(notFoundSortColumns).default('hits'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    q: z.string().trim().max(200, 'Search with at most 200 characters.').optional(),
  }),
  response: z.object({ rows: z.array(notFoundRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});

const redirectRow = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
  hits: z.number().int(),
  lastHitAt: z.string().nullable(),
});
export type RedirectView = z.output<typeof redirectRow>;

const sitePath = (label: string) => z.string().trim().min(1, `Enter the ${label} path.`).max(512, `The ${label} path has at most 512 characters.`);

export const redirectInput = z.strictObject({ from: sitePath('old'), to: sitePath('new') });
export type RedirectInput = z.input<typeof redirectInput>;

export const adminRedirectListContract = defineContract({
  path: '/api/admin/redirects',
  method: 'GET',
  access: 'staff',
  response: z.object({ redirects: z.array(redirectRow), pages: z.array(z.string()) }),
});

export const adminRedirectCreateContract = defineContract({
  path: '/api/admin/redirects',
  method: 'POST',
  access: 'staff',
  request: redirectInput,
  response: redirectRow,
});

const redirectId = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const adminRedirectUpdateContract = defineContract({
  path: '/api/admin/redirects/:id',
  method: 'PUT',
  access: 'staff',
  params: redirectId,
  request: redirectInput,
  response: redirectRow,
});

export const adminRedirectDeleteContract = defineContract({
  path: '/api/admin/redirects/:id',
  method: 'DELETE',
  access: 'staff',
  params: redirectId,
  request: z.strictObject({}),
  response: z.object({ deleted: z.boolean() }),
});

const scheduledRun = z.object({ name: z.string(), lastStartedAt: z.string(), lastFinishedAt: z.string(), ok: z.boolean(), message: z.string().nullable() }).nullable();

export const adminSiteHealthContract = defineContract({
  path: '/api/admin/site-health',
  method: 'GET',
  access: 'staff',
  response: z.object({
    checkedAt: z.string(),
    database: z.object({ reachable: z.boolean(), latencyMs: z.number().nullable(), label: z.string() }),
    migrations: z.object({ applied: z.number().int(), latest: z.string().nullable() }),
    outbox: z.object({ pending: z.number().int(), dead: z.number().int(), lastRun: scheduledRun }),
    reviewsSync: z.object({ configured: z.boolean(), lastRun: scheduledRun }),
    publishing: z.object({ mode: z.enum(['netlify', 'local', 'not-configured']), waiting: z.number().int(), current: build.nullable(), lastFinished: build.nullable(), lastRun: scheduledRun }),
    /** Scheduled posts waiting for their time, the next time, and the last posts the scheduler published. */
    blogScheduler: z.object({
      scheduled: z.number().int(),
      nextAt: z.string().nullable(),
      recentlyPublished: z.array(z.object({ title: z.string(), slug: z.string(), at: z.string() })),
      lastRun: scheduledRun,
    }),
  }),
});
