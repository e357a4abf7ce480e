import { switchesCheckOff } from '../content/check-switches.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';

export const CHECK_SETTING_RULES = {
  checkOffSetting: defineRule(
    'security.check_off_setting',
    'escalate',
    "changes a service's setting named to switch a check, a signature or a sandbox off",
  ),
};

/** `"verify_signatures": false`, `skip_checks=1`: a JSON, form or query setting and its value. */
const SETTING =
  /["']?([A-Za-z][\w.-]*)["']?\s*[:=]\s*["']?(true|false|yes|no|on|off|disabled?|[01])\b/giu;

/**
 * A request body that sets one of a service's checks off, on this machine or another: the same
 * switch as a variable the agent exports (`security.check_off_variable`), made through an API.
 */
export function judgeCheckSettings(bodies: readonly string[], judge: Judge): void {
  for (const body of bodies)
    for (const [found, name, value] of body.matchAll(SETTING))
      if (switchesCheckOff(name ?? '', value ?? ''))
        return judge.findings.add(CHECK_SETTING_RULES.checkOffSetting, found);
}
