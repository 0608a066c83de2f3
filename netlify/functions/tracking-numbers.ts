// GET /api/tracking-numbers: the phone number shown per traffic channel, cached 5 minutes (SPEC §7).
import { trackingNumbersContract } from '../../src/lib/api/tracking-numbers.contract';
import { defineHandler } from '../../src/server/http/handler';
import { trackingRecordsForRequest } from '../../src/server/services/tracking-number.service';

export default defineHandler(trackingNumbersContract, async () => ({ trackingNumbers: await trackingRecordsForRequest() }));

export const config = { path: '/api/tracking-numbers' };
