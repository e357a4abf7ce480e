import { userSaid, userTyped, type SaidWords } from './words.js';

/** The APIs of code hosts, which address a repository as `owner/name`. */
const CODE_HOSTS = /^(?:api\.github\.com|gitlab\.com|api\.bitbucket\.org)$/u;

/**
 * Whether the user typed the repository a code host's API path addresses ("close issue 412 in
 * acme/web"): `owner/name` written that way names the repository on whichever host holds it.
 */
function typedRepository(segments: readonly string[], words: SaidWords): boolean {
  return segments.some(
    (segment, at) =>
      (segment.includes('/') && userTyped(segment, words)) ||
      (at + 1 < segments.length && userTyped(`${segment}/${segments[at + 1] ?? ''}`, words)),
  );
}

/**
 * The public APIs of services people name in words rather than by host ("on GitHub", "in my
 * calendar"), the words that name each, and the path that only names the API itself (Google
 * Workspace's directory lives under `/admin/directory`).
 */
const SERVICE_HOSTS: ReadonlyArray<readonly [RegExp, readonly string[], string?]> = [
  [/^api\.github\.com$/u, ['github']],
  [/^gitlab\.com$/u, ['gitlab']],
  [/^api\.bitbucket\.org$/u, ['bitbucket']],
  [
    /^(?:www|gmail|drive|docs|sheets|calendar|people|tasks)\.googleapis\.com$/u,
    ['google', 'gmail', 'drive', 'doc', 'docs', 'sheet', 'sheets', 'calendar'],
  ],
  [/^admin\.googleapis\.com$/u, ['google', 'workspace'], '/admin/directory/'],
  [/^slack\.com$/u, ['slack']],
  [/^api\.notion\.com$/u, ['notion']],
  [/^api\.trello\.com$/u, ['trello']],
  [/^graph\.microsoft\.com$/u, ['outlook', 'onedrive', 'teams', 'microsoft', 'office']],
  [/^api\.todoist\.com$/u, ['todoist']],
  [/^[a-z0-9-]+\.atlassian\.net$/u, ['jira', 'confluence', 'atlassian']],
];

/**
 * Path words of these APIs that say what kind of thing is addressed, not which one: they need not
 * be typed. Hooks, keys, tokens, secrets, protections and forwarding are not among them: a path
 * through one of those is judged as any other send.
 */
const RESOURCE_KINDS = new Set(
  `api rest repos repositories orgs users user me collaborators members teams issues pulls comments
  labels milestones releases branches contents statuses projects files permissions calendars
  calendar events acl settings filters messages threads drafts channels conversations tasks lists
  pages databases blocks spaces boards cards items primary people connections drive gmail`.split(
    /\s+/u,
  ),
);
const VERSION = /^v\d+(?:\.\d+)?$/u;
/**
 * Slack's Web API names a method, not a thing, in its path (`chat.postMessage`): the ones that
 * post, react, set the user's own status or read. Archiving, inviting, kicking, deleting and the
 * admin methods are not among them.
 */
const SLACK_METHOD =
  /^(?:chat\.(?:postMessage|postEphemeral|meMessage|update)|reactions\.(?:add|get|list)|users\.(?:profile\.(?:set|get)|info|list)|conversations\.(?:history|replies|info|list)|pins\.(?:add|list)|reminders\.(?:add|list))$/u;

/**
 * Whether a request goes to the API of a service the user named, about things the user named: the
 * host is that service's, and every path segment that picks out one thing (an owner, a repository,
 * a person, an issue number) is one the user typed. "Give tom-dev read access to acme/web on
 * GitHub" names where `PUT api.github.com/repos/acme/web/collaborators/tom-dev` goes; an opaque id
 * from elsewhere, or a path through hooks or keys, does not.
 */
export function userNamedServiceResource(url: URL, words: SaidWords): boolean {
  const service = SERVICE_HOSTS.find(([host]) => host.test(url.hostname));
  if (service === undefined) return false;
  const [, names, apiPath = '/'] = service;
  if (!url.pathname.startsWith(apiPath)) return false;
  const segments: string[] = [];
  for (const raw of url.pathname.slice(apiPath.length).split('/').filter(Boolean)) {
    try {
      segments.push(decodeURIComponent(raw));
    } catch {
      return false;
    }
  }
  if (segments.length === 0) return false;
  const serviceNamed =
    names.some((name) => userSaid(name, words)) ||
    (CODE_HOSTS.test(url.hostname) && typedRepository(segments, words));
  return (
    serviceNamed &&
    segments.every(
      (segment) =>
        RESOURCE_KINDS.has(segment.toLowerCase()) ||
        VERSION.test(segment) ||
        (url.hostname === 'slack.com' && SLACK_METHOD.test(segment)) ||
        userTyped(segment, words),
    )
  );
}
