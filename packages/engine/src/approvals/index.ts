export { createApprovalDesk, HUMAN_SESSION_SCOPE_RULE, toApprovalView, type ApprovalDesk, type ApprovalDeskOptions } from './approval-desk.js';
