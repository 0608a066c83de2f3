/** Adds up the typical ranges of the jobs a visitor picks, plus the after-hours call-out when asked. */
import { priceGuides, type PriceGuideId } from '../../business/pricing';

export interface CostEstimate { low: number; high: number; jobs: string[] }

export function estimateCost(ids: readonly PriceGuideId[], afterHours: boolean): CostEstimate {
  const picked = priceGuides.filter((p) => ids.includes(p.id) && p.id !== 'emergency-after-hours');
  const callout = afterHours ? priceGuides.find((p) => p.id === 'emergency-after-hours') : undefined;
  const all = callout ? [...picked, callout] : picked;
  return { low: all.reduce((n, p) => n + p.low, 0), high: all.reduce((n, p) => n + p.high, 0), jobs: all.map((p) => p.job) };
}

export const formatUsd = (n: number): string => `$${n.toLocaleString('en-US')}`;
