/**
 * The traffic-source script as the page head carries it: src/lib/traffic-source.ts's serialised
 * functions, minified at build time (it stands before the first screen's markup, in its first 14 KB).
 * Build-time only: esbuild never reaches the browser or a function bundle.
 */
import { transformSync } from 'esbuild';
import { trafficSourceScript, type TrafficSourceConfig } from '../lib/traffic-source';

export function trafficSourceHeadScript(config: TrafficSourceConfig): string {
  return transformSync(trafficSourceScript(config), { minify: true, target: 'es2020' }).code.trim();
}
