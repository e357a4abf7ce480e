import { caseless } from '../../../caseless.js';
import { controlsDeclaredOff } from '../content/control-claims.js';
import { fetchesAndRuns, propagates } from '../content/delegated-actions.js';
import { futureTrigger } from '../content/future-orders.js';
import { standingOrder } from '../content/instructions.js';
import { proseIntent } from '../content/intent.js';
import { obeysRemoteText, takesOrdersFromOthers } from '../content/remote-orders.js';
import { asksToHandOverSecret } from '../content/secret-requests.js';
import { withholdsFromUser } from '../content/withholding.js';
import { usePath, type Judge } from '../judge.js';
import { pathTokens } from '../paths/extract.js';
import { defineRule } from '../registry.js';
import { secretPathIn } from './content.js';
import { PROSE_RULES } from './prose.js';

/**
 * Orders carried by text another run will act on (a memory entry, a sub-agent's task, a message
 * to an agent, a scheduled prompt), read for who they put in charge: a page that gives the orders,
 * checks declared switched off, the user kept from knowing, a deletion armed for later.
 */
export const DELEGATED_ORDER_RULES = {
  controlsDeclaredOff: defineRule(
    'instructions.controls_declared_off',
    'block',
    'tells an agent that approvals or the Shield are off, or that every action is approved',
  ),
  remoteOrders: defineRule(
    'instructions.remote_orders',
    'block',
    'makes text fetched or received from others the source of an agent’s orders',
  ),
  withheldFromUser: defineRule(
    'instructions.withheld_from_user',
    'block',
    'tells an agent to keep what it did from the user',
  ),
  fetchAndRun: defineRule(
    'intent.fetch_and_run',
    'block',
    'asks for a program to be downloaded and run, unseen',
  ),
  propagation: defineRule(
    'agents.propagation',
    'block',
    'tells an agent to pass the same orders on to other agents (a worm)',
  ),
  credentialMoved: defineRule(
    'delegation.credential_moved',
    'block',
    'hands an agent an order to copy, send or store the contents of a credential file',
  ),
  credentialNamed: defineRule(
    'delegation.credential_path',
    'escalate',
    'hands an agent a task over a credential file, which it would read unwatched',
  ),
  armedDeletion: defineRule(
    'memory.armed_deletion',
    'block',
    'stores an order to delete files outside the workspace, or records, on a later occasion',
  ),
};

/** A deletion the note arms: records, or a path outside the workspace. */
const RECORDS = /\b(?:audit|chronicle|snapshots?|history|logs?|backups?|trash)\b/iu;

/** Verbs that take a file's contents somewhere else: a copy, a send, a note, an archive. */
const MOVES_CONTENTS = caseless(
  /\b(?:save|saves|copy|copies|move|moves|send|sends|post|posts|upload|uploads|e-?mail|mail|attach|sync|export|paste|include|store|put|zip|tar|archive|back\s?up|forward|share|push)\b/iu,
);

/**
 * A credential file named in work handed over (`~/.ssh`, `~/.aws/credentials`, a wallet): the
 * agent doing it runs unwatched, so taking the file's contents elsewhere is refused and any other
 * use of it asks first.
 */
function judgeCredentialPaths(text: string, judge: Judge): void {
  const credential = secretPathIn(text, judge);
  if (credential === undefined) return;
  const intent = proseIntent(text);
  judge.findings.add(
    MOVES_CONTENTS.test(text) || (intent.send && intent.external)
      ? DELEGATED_ORDER_RULES.credentialMoved
      : DELEGATED_ORDER_RULES.credentialNamed,
    credential.raw,
  );
}

function outsidePath(text: string, judge: Judge): string | undefined {
  for (const token of pathTokens(text)) {
    if (!/^(?:\/|~|\$HOME)/u.test(token)) continue;
    if (!usePath(token, judge.scope).path.inWorkspace) return token;
  }
  return undefined;
}

/** `stored`: a memory entry, read by every later run; otherwise work handed over now. */
export function judgeDelegatedOrders(text: string, judge: Judge, stored: boolean): void {
  const findings = judge.findings;
  const off = controlsDeclaredOff(text);
  if (off !== undefined) findings.add(DELEGATED_ORDER_RULES.controlsDeclaredOff, off);
  const remote = obeysRemoteText(text) ?? takesOrdersFromOthers(text);
  if (remote !== undefined) findings.add(DELEGATED_ORDER_RULES.remoteOrders, remote);
  const fetched = fetchesAndRuns(text);
  if (fetched !== undefined) findings.add(DELEGATED_ORDER_RULES.fetchAndRun, fetched);
  const spread = propagates(text);
  if (spread !== undefined) findings.add(DELEGATED_ORDER_RULES.propagation, spread);
  const hidden = withholdsFromUser(text);
  if (hidden !== undefined) findings.add(DELEGATED_ORDER_RULES.withheldFromUser, hidden);
  judgeCredentialPaths(text, judge);
  if (!stored) {
    const secret = asksToHandOverSecret(text);
    if (secret !== undefined) findings.add(PROSE_RULES.secretAccess, secret);
    return;
  }
  const order = standingOrder(text) ?? futureTrigger(text);
  if (order === undefined || !proseIntent(text).destructive) return;
  const target = outsidePath(text, judge) ?? RECORDS.exec(text)?.[0];
  if (target !== undefined)
    findings.add(DELEGATED_ORDER_RULES.armedDeletion, `${order}: ${target}`);
}
