export {
  HUMAN_APPROVED_RULE,
  HUMAN_CAP_RULE,
  HUMAN_DENIED_RULE,
  HUMAN_ERROR_RULE,
  HUMAN_MISMATCH_RULE,
  HUMAN_TIMEOUT_RULE,
  requestHumanApproval,
  type HumanApprovalOptions,
} from './request-approval.js';
