import { caseless } from '../../../caseless.js';
import { alternation } from '../text/word-list.js';

/**
 * Actions a task spells out in words rather than as a command line: fetching a program and running
 * it, installing a foothold that starts by itself, passing the same orders on to other agents.
 */
const FETCH_VERBS = ['download', 'fetch', 'get', 'grab', 'pull', 'retrieve', 'save'];
const RUN_VERBS = [
  'run',
  'execute',
  'install',
  'launch',
  'open',
  'start',
  'source',
  /pipe (?:it )?(?:in)?to (?:a |the )?(?:shell|bash|sh|python|node)/u,
];
const FETCHED_THING = [
  'it',
  'that',
  /the (?:script|binary|installer|file|program|tool|package|patch|archive|setup|executable)/u,
  /its (?:installer|setup|script)/u,
];
const FETCH_THEN_RUN = caseless(
  new RegExp(
    String.raw`\b(?:${alternation(FETCH_VERBS)})\b[^.\n]{0,120}?\bhttps?:\/\/[^\s]+[^.\n]{0,40}?\b(?:and|then|,)\s+(?:then\s+)?(?:${alternation(RUN_VERBS)})\s+(?:${alternation(FETCHED_THING)})\b`,
    'iu',
  ),
);

/** "download https://… and run it": remote code run with nobody looking at it first. */
export function fetchesAndRuns(text: string): string | undefined {
  return FETCH_THEN_RUN.exec(text)?.[0];
}

const INSTALL_VERBS = ['add', 'install', 'create', 'register', /set ?up/u, 'write', 'enable'];
const FOOTHOLDS = [
  /cron ?(?:jobs?|tab|entr(?:y|ies))/u,
  'crontab',
  /startup (?:items?|scripts?|entr(?:y|ies)|folder)/u,
  /launch (?:agents?|daemons?)/u,
  /login (?:items?|hooks?|scripts?)/u,
  'autostart',
  /(?:systemd|system) (?:services?|units?|timers?)/u,
  /scheduled tasks?/u,
  /run keys?/u,
  /(?:\.bashrc|\.zshrc|\.profile|shell profile)/u,
  /git hooks?/u,
];
const INSTALLS_FOOTHOLD = caseless(
  new RegExp(
    String.raw`\b(?:${alternation(INSTALL_VERBS)})\b[^.\n]{0,40}?\b(?:${alternation(FOOTHOLDS)})`,
    'iu',
  ),
);

/** "add a cron job", "register a launch agent": something that starts again by itself. */
export function installsFoothold(text: string): string | undefined {
  return INSTALLS_FOOTHOLD.exec(text)?.[0];
}

const PASS_ON_VERBS = ['send', 'forward', 'relay', 'pass', 'copy', 'repeat', 'give', 'spread'];
const SAME_ORDERS = String.raw`(?:this|these|the same|this exact|the exact|identical)\s+(?:\w+\s+)?(?:message|instructions?|text|prompt|paragraph|note|orders?|task)`;
const OTHER_AGENTS = String.raw`(?:every|all|each|any|the)\s+(?:other\s+)?(?:agents?|assistants?|helpers?|bots?|sessions?|workspaces?)`;
const PROPAGATION = caseless(
  new RegExp(
    [
      String.raw`\b(?:${alternation(PASS_ON_VERBS)})\s+(?:on\s+)?${SAME_ORDERS}\b[^.\n]{0,40}?\b(?:to|with|in)\s+${OTHER_AGENTS}`,
      String.raw`\b(?:ask|tell|have)\s+(?:each|every one|all|any)\s+of\s+them\s+to\s+do\s+the\s+same\b`,
      String.raw`\b(?:spawn|create|start|make)\s+(?:a\s+|more\s+)?cop(?:y|ies)\s+of\s+(?:yourself|itself|this agent)`,
      String.raw`\b(?:replicate|propagate)\s+(?:yourself|itself|this)\b`,
    ].join('|'),
    'iu',
  ),
);

/** An order that copies itself on to other agents: one planted instruction reaching every agent. */
export function propagates(text: string): string | undefined {
  return PROPAGATION.exec(text)?.[0];
}

const EXPOSE_VERBS = ['make', 'set', 'change', 'switch', 'turn', 'flip', 'mark'];
const PRIVATE_STORES = [
  /repo(?:sitor(?:y|ies))?s?/u,
  /buckets?/u,
  /drives?/u,
  /folders?/u,
  /calendars?/u,
  /databases?/u,
  /dashboards?/u,
  /shares?/u,
  /backups?/u,
  /(?:photo )?albums?/u,
  /notebooks?/u,
  /documents? folder/u,
];
const MADE_PUBLIC = String.raw`\b(?:${alternation(EXPOSE_VERBS)})\s+(?:the\s+|my\s+|our\s+|this\s+|all\s+|every\s+)?(?:\w+\s+){0,2}?(?:${alternation(PRIVATE_STORES)})\s+(?:\w+\s+){0,2}?(?:to\s+)?(?:public|world-readable|readable by (?:anyone|everyone)|open to (?:anyone|everyone|the internet))\b`;
const OPEN_PORT = String.raw`\b(?:open|expose|forward|publish)\s+(?:the\s+)?(?:port\s+\d+|ports?|(?:ssh|database|db|admin|docker|redis|postgres|mysql)(?:\s+port)?)\b[^.\n]{0,40}?\b(?:to\s+)?(?:the\s+)?(?:internet|world|public|everyone|anyone|0\.0\.0\.0)\b`;
const AUTH_OFF = String.raw`\b(?:disable|turn\s+off|switch\s+off|remove)\s+(?:the\s+)?(?:authentication|auth|password\s+protection|two-factor|2fa|mfa|login)\b`;
const EXPOSES = caseless(new RegExp([MADE_PUBLIC, OPEN_PORT, AUTH_OFF].join('|'), 'iu'));

/** "make the repository public", "open port 5432 to the internet": private things opened to anyone. */
export function exposesToAnyone(text: string): string | undefined {
  return EXPOSES.exec(text)?.[0];
}
