/**
 * The third-party scheduling widget's settings, written into the page at build time from
 * PUBLIC_SCHEDULER_SCRIPT_URL, PUBLIC_SCHEDULER_API_KEY and PUBLIC_SCHEDULER_ID
 * (src/components/SchedulerLauncher.astro). Absent: the built-in booking dialog is used.
 */
import { z } from 'zod';

export const schedulerConfigId = 'scheduler-config';

export const schedulerConfigSchema = z.object({
  /** The widget's script. */
  src: z.url(),
  /** Set on the script tag as data-api-key, as ServiceTitan-style widgets read it. */
  apiKey: z.string().optional(),
  /** Set on the script tag as data-schedulerid. */
  schedulerId: z.string().optional(),
});
export type SchedulerConfig = z.infer<typeof schedulerConfigSchema>;

/** The config in the page, or undefined (not configured, or unreadable). */
export function readSchedulerConfig(doc: Document = document): SchedulerConfig | undefined {
  const text = doc.getElementById(schedulerConfigId)?.textContent;
  if (!text) return undefined;
  try {
    const result = schedulerConfigSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
