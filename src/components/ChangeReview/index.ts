export { ChangeReview, changeReviewModule } from './ChangeReview.js';
export type { ChangeReviewProps } from './ChangeReviewLoaded.js';
export { ChangeSummary } from './ChangeSummary.js';
export type { ChangeSummaryProps } from './ChangeSummary.js';
export type { ChangeSummaryMessages } from './summary-messages.js';
export type { ChangeReviewMessages } from './messages.js';
