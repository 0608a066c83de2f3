/** Every API contract. A test checks each has a function in netlify/functions with the same literal path. */
import type { ApiContract } from './contract';
import { bookingContract } from './booking.contract';
import { chatImageContract } from './chat-image.contract';
import { chatContract, chatEndContract, chatFeedbackContract, chatUploadContract } from './chat.contract';
import { contactContract } from './contact.contract';
import { healthContract } from './health.contract';
import { pageMetadataContract } from './page-metadata.contract';
import { reviewsContract } from './reviews.contract';
import { track404Contract } from './track-404.contract';
import { trackingNumbersContract } from './tracking-numbers.contract';

export {
  bookingContract, chatContract, chatEndContract, chatFeedbackContract, chatImageContract, chatUploadContract, contactContract,
  healthContract, pageMetadataContract, reviewsContract, track404Contract, trackingNumbersContract,
};
export const contracts: readonly ApiContract[] = [
  bookingContract, chatContract, chatEndContract, chatFeedbackContract, chatImageContract, chatUploadContract, contactContract,
  healthContract, pageMetadataContract, reviewsContract, track404Contract, trackingNumbersContract,
];
