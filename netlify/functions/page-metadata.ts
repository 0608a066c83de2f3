// GET /api/page-metadata?path=: the staff override of a page's title, description and canonical URL, or null.
import { pageMetadataContract } from '../../src/lib/api/page-metadata.contract';
import { defineHandler } from '../../src/server/http/handler';
import { pageMetadataOverrideForRequest } from '../../src/server/services/page-metadata.service';

export default defineHandler(pageMetadataContract, async ({ query }) => pageMetadataOverrideForRequest(query.path));

export const config = { path: '/api/page-metadata' };
