import { halt, proceed, type Stage } from './types.js';

/**
 * A cancelled turn executes nothing more (DESIGN §5): checked first, and again right before execute,
 * since a turn may be cancelled while its proposal waits on the Shield.
 */
export const turnLiveStage: Stage = (context) =>
  context.proposal.turnSignal?.aborted
    ? halt('turn', 'TURN_CANCELLED', 'the turn was cancelled: this call was not run', context)
    : proceed(context);
