import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { sentBodies, stringsIn } from '../actions/fields.js';
import { stemsOf } from '../intent/words.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';

/**
 * A cloud account, project or cluster handed over in full: the owner or editor role of a whole
 * project, AWS's administrator policies, an Azure Owner or Contributor assignment, a binding to
 * cluster-admin; likewise a service's workspace or repository: a Slack owner or admin, a GitHub
 * repository admin, a GitLab owner, a GitLab token with `sudo` or `admin_mode`, a GitHub token with `admin:org`, a store app with
 * its staff accounts or payment gateways (`write_users`, `write_payment_gateways`), a Google Workspace
 * administrator (`"isAdmin": true`), an Okta super or org administrator, a WordPress administrator. Whoever holds it
 * can grant themselves the rest and stay in after the conversation. A Discord bot invited with the
 * Administrator permission is the same, whether the invitation is requested or opened in a browser.
 * Asked for in the user's words (the role, "owner", "admin", "full access") it goes to a human with
 * the rest of the infrastructure change; asked for nothing of the kind ("make the deploy work"),
 * the grant is the agent's own idea or came from text it read.
 */
export const FULL_CONTROL_RULES = {
  notAsked: defineRule(
    'privilege.full_control_not_asked',
    'block',
    'grants full control of a cloud account, cluster, workspace or repository, which the user never asked for',
  ),
};

const FULL_CONTROL_GRANTS: readonly RegExp[] = [
  /\badd-iam-policy-binding\b[^;&|]*--role[= ]["']?(roles\/(?:owner|editor))\b/iu,
  /"role"\s*:\s*"(roles\/(?:owner|editor))"/iu,
  /\battach-(?:user|role|group)-policy\b[^;&|]*policy\/(AdministratorAccess|IAMFullAccess|PowerUserAccess)\b/iu,
  /\brole\s+assignment\s+create\b[^;&|]*--role[= ]["']?(Owner|Contributor|User Access Administrator)\b/iu,
  /\bclusterrolebinding\b[^;&|]*--clusterrole[= ]["']?(cluster-admin)\b/iu,
  /\b(admin\.users\.set(?:Owner|Admin))\b/u,
  /["']?permission["']?\s*[:=]\s*["']?(admin)\b/iu,
  /["']?access_level["']?\s*[:=]\s*["']?(50)\b/iu,
  /["']?scopes(?:\[\])?["']?\s*[:=][^;&|]*?["']?\b(sudo|admin_mode|admin:org|admin:enterprise|write_users|write_payment_gateways)\b/iu,
  /["']?(isAdmin)["']?\s*[:=]\s*["']?true\b/u,
  /\b(?:set-role|add-role)\b[^;&|]*\b(administrator)\b/u,
  /--role[= ]["']?(administrator)\b/u,
  /["']?type["']?\s*[:=]\s*["']?(SUPER_ADMIN|ORG_ADMIN)\b/u,
  // A Vault policy over every path that may change or administer it.
  /\b(path\s+\\?"(?:\*|\+\/\*)\\?")\s*\{[^}]*capabilities[^}]*\b(?:sudo|update|create|delete)\b/u,
];

/** Words a request uses when it means to hand over control. */
const ASKING_FOR_CONTROL = new Set(
  stemsOf(`owner admin administrator full control contributor editor superuser root everything
  unrestricted`),
);

/** Discord's bot invitation: its `permissions` bit field holds Administrator as 1 << 3. */
const DISCORD_INVITE =
  /\bdiscord(?:app)?\.com\/(?:api\/)?oauth2\/authorize\?[^\s"'<>]*?\bpermissions=(\d{1,20})/iu;

function fullControlGrant(text: string): string | undefined {
  for (const pattern of FULL_CONTROL_GRANTS) {
    const role = pattern.exec(text)?.[1];
    if (role !== undefined) return role;
  }
  const permissions = DISCORD_INVITE.exec(text)?.[1];
  if (permissions !== undefined && (BigInt(permissions) & 8n) !== 0n)
    return 'Discord Administrator';
  return undefined;
}

export function judgeFullControlGrant(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (request === undefined || (type !== 'execute_command' && type !== 'http_request')) return;
  const texts = [
    ...stringsIn(payload['command']),
    ...stringsIn(payload['url']),
    ...sentBodies(payload),
  ];
  const role = texts.map(fullControlGrant).find((found) => found !== undefined);
  if (role === undefined) return;
  const asked =
    stemsOf(request.text).some((word) => ASKING_FOR_CONTROL.has(word)) ||
    fullControlGrant(request.text) !== undefined;
  if (!asked) judge.findings.add(FULL_CONTROL_RULES.notAsked, role);
}
