/** GET /api/tracking-numbers: the phone number per traffic channel (SPEC §3, §7); cached 5 minutes. */
import { z } from 'zod';
import { defineContract } from './contract';

/** A tracking number record (SPEC §3). `detectionRules` is JSON text, parsed by src/lib/traffic-source.ts. */
export const trackingNumberRecord = z.strictObject({
  channelKey: z.string(),
  displayNumber: z.string(),
  telLink: z.string(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  detectionRules: z.string(),
});

export const trackingNumbersContract = defineContract({
  path: '/api/tracking-numbers',
  method: 'GET',
  query: z.strictObject({}),
  response: z.strictObject({ trackingNumbers: z.array(trackingNumberRecord) }),
  cache: { maxAgeSeconds: 300 },
});
