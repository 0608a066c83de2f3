// POST /api/success-stories: a customer's story with optional before and after photos; it waits for staff approval.
import { storyFormSchema, storySubmitContract } from '../../src/lib/api/success-stories.contract';
import { defineHandler } from '../../src/server/http/handler';
import { submitStory } from '../../src/server/services/success-stories';

export default defineHandler({ ...storySubmitContract, request: storyFormSchema }, ({ body, request, context, log }) => submitStory(body, { request, context, log }), { requires: ['CLIENT_HASH_SECRET'] });

export const config = { path: '/api/success-stories' };
