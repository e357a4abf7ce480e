import type { KnownActionType } from '../../../action-types.js';
import { usePath, type Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { judgeWrite } from '../rules/locations.js';
import { judgeDelegatedWork } from '../rules/delegated-work.js';
import { judgeDelegatedOrders } from '../rules/delegated-orders.js';
import { judgeMessageSender, judgeToolGrant, taskJudge } from '../rules/agent-grants.js';
import { recurs } from '../content/recurrence.js';
import { judgeProse } from '../rules/prose.js';
import { judgeScheduledCommand } from '../rules/scheduled-persistence.js';
import { stringField, stringsIn } from './fields.js';

export const AGENT_RULES = {
  spawn: defineRule('agents.spawn', 'escalate', 'starts another agent with its own task'),
  message: defineRule('agents.message', 'escalate', 'gives another agent a task'),
  schedule: defineRule(
    'persistence.schedule',
    'escalate',
    'schedules work to run later without the user present',
  ),
};

/** Memory entries, messages to agents, new agents and schedules: prose that steers later runs. */
export function judgeAgentAction(
  type: KnownActionType,
  payload: Readonly<Record<string, unknown>>,
  judge: Judge,
): void {
  switch (type) {
    case 'memory_write': {
      for (const text of [
        ...stringsIn(payload['content']),
        ...stringsIn(payload['value']),
        ...stringsIn(payload['text']),
        ...stringsIn(payload['key']),
        ...stringsIn(payload['title']),
      ]) {
        judgeProse(text, judge, 'stored');
        judgeDelegatedOrders(text, judge, true);
      }
      const file = stringField(payload, ['path', 'file'], judge);
      if (file !== undefined) judgeWrite(usePath(file, judge.scope), judge);
      return;
    }
    case 'agent_message': {
      judge.findings.add(AGENT_RULES.message, stringField(payload, ['to_agent', 'to'], judge));
      const texts = [
        ...stringsIn(payload['instruction']),
        ...stringsIn(payload['message']),
        ...stringsIn(payload['content']),
      ];
      judgeMessageSender(payload, texts, judge);
      for (const text of texts) {
        judgeProse(text, judge, 'instruction');
        judgeDelegatedOrders(text, judge, false);
        judgeDelegatedWork(text, judge, false);
      }
      return;
    }
    case 'create_agent': {
      judge.findings.add(AGENT_RULES.spawn, stringField(payload, ['name'], judge));
      judgeToolGrant(payload, judge);
      const task = taskJudge(payload, judge);
      for (const text of [
        ...stringsIn(payload['task']),
        ...stringsIn(payload['prompt']),
        ...stringsIn(payload['instructions']),
        ...stringsIn(payload['description']),
      ]) {
        judgeProse(text, task, 'instruction');
        judgeDelegatedOrders(text, task, false);
        // An agent whose task repeats runs unwatched, as a schedule does.
        judgeDelegatedWork(text, task, recurs(text));
      }
      return;
    }
    case 'create_schedule': {
      judge.findings.add(
        AGENT_RULES.schedule,
        stringField(payload, ['cron', 'schedule', 'at', 'interval'], judge),
      );
      const command = stringField(payload, ['command'], judge);
      if (command !== undefined) judgeScheduledCommand(command, judge);
      for (const text of [
        ...stringsIn(payload['task']),
        ...stringsIn(payload['action']),
        ...stringsIn(payload['prompt']),
      ]) {
        judgeProse(text, judge, 'instruction');
        judgeDelegatedOrders(text, judge, false);
        judgeDelegatedWork(text, judge, true);
      }
      return;
    }
    default:
      return;
  }
}
