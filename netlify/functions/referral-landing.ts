// /ref/{code} and /referred-by/{customer public id}: records the click, sets the referral cookie and
// redirects to /referral-offer?code=… (see src/server/http/referral-landing.ts).
import type { Context } from '@netlify/functions';
import { referralLanding } from '../../src/server/http/referral-landing';

export default (request: Request, context?: Context) => referralLanding(request, context);

export const config = { path: ['/ref/:code', '/referred-by/:id'] };
