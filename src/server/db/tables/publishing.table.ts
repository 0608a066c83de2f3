/** Publishing: requests for a rebuild, the builds that took them, redirects, and scheduled runs. */
import type { ColumnType, Generated, Selectable } from 'kysely';

export type BuildStatus = 'queued' | 'running' | 'succeeded' | 'failed';
/** debounce: pending requests came due; publish-now: an owner asked; deploy: a build we did not queue (a push); manual: npm run build. */
export type BuildTrigger = 'debounce' | 'publish-now' | 'deploy' | 'manual';

export interface SiteBuildTable {
  id: Generated<number>;
  trigger: BuildTrigger;
  requested_by: string | null;
  /** netlify: the build hook builds it; local: the serving script builds it in the background. */
  target: 'netlify' | 'local';
  status: Generated<BuildStatus>;
  created_at: ColumnType<Date, never, never>;
  started_at: ColumnType<Date | null, Date | undefined, Date | null>;
  finished_at: ColumnType<Date | null, Date | undefined, Date | null>;
  /** The last ~8 KB of the build's output, kept for failures. */
  log_tail: string | null;
}

export interface PublishRequestTable {
  id: Generated<number>;
  /** What changed: redirect, page-metadata, tracking-numbers, publish-now … */
  kind: string;
  label: string;
  requested_by: string;
  requested_at: ColumnType<Date, Date | undefined, never>;
  /** The build that took it; null while it waits. */
  build_id: number | null;
}

export interface RedirectTable {
  id: Generated<number>;
  from_path: string;
  to_path: string;
  created_by: string;
  created_at: ColumnType<Date, never, never>;
  updated_by: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** Counted by the local server; Netlify answers redirects at its CDN without telling us. */
  hits: Generated<number>;
  last_hit_at: Date | null;
}

export interface ScheduledRunTable {
  name: string;
  last_started_at: Date;
  last_finished_at: Date;
  last_ok: boolean;
  last_message: string | null;
}

export type SiteBuild = Selectable<SiteBuildTable>;
export type PublishRequest = Selectable<PublishRequestTable>;
export type Redirect = Selectable<RedirectTable>;
export type ScheduledRun = Selectable<ScheduledRunTable>;
