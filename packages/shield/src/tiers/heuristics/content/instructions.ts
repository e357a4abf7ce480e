import { caseless } from '../../../caseless.js';

/**
 * Text written for a model rather than a person: standing orders ("always …", "from now on …"),
 * prompt-injection markers, and attempts to steer the security controls ("always return ALLOW").
 */
const STANDING_ORDER = caseless(
  /\b(?:always|never|from now on|going forward|in (?:all|every) (?:future )?(?:sessions?|conversations?|responses?|emails?|replies|tasks?)|whenever (?:you|the user)|for (?:all|every) future|make sure (?:to|you) always|remember to always|persistent instructions?)\b/iu,
);

const INJECTION_MARKER = caseless(
  /\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+|the\s+)?(?:previous|prior|above|earlier|your|system)\s+(?:instructions?|rules|prompts?|guidelines|directives)|\byou\s+are\s+now\b|\bnew\s+(?:system\s+)?instructions?\s*:|\bsystem\s+prompt\b|<\/?(?:system|instructions?|im_start|im_end)>|\[\/?INST\]|###\s*(?:system|instruction)|\b(?:do not|don't|never)\s+(?:tell|inform|mention|reveal|show|alert|notify)\s+(?:this\s+to\s+)?(?:the\s+)?(?:user|human|owner|operator)|\bwithout\s+(?:telling|asking|informing|notifying|alerting)\s+(?:the\s+)?(?:user|human|owner)|\b(?:fetch|download|read|open)\s+(?:and|then)\s+(?:follow|obey|execute|run)\b|\b(?:follow|obey|execute)\s+(?:the\s+)?(?:instructions?|commands?|steps|orders)\s+(?:at|in|from|found\s+(?:at|in))\b/iu,
);

/** The security machinery an injected instruction tries to switch off or steer. */
const CONTROL_TARGET = caseless(
  /\b(?:shield|evaluator|guard ?rails?|safety (?:checks?|filters?|rules|policy)|security (?:checks?|controls?|policy|policies|rules|scanner|review)|audit (?:logs?|trail|chain)|chronicle|snapshots?|approvals?|sandbox|classifier|policy (?:files?|engine|rules)|permission (?:checks?|system)|tool restrictions|tool groups?|allow[- ]?lists?|deny[- ]?lists?|monitoring|firewall|antivirus|edr)\b/iu,
);
const CONTROL_TAMPERING = caseless(
  /\b(?:disable|bypass|override|circumvent|skip|turn off|switch off|tamper(?:ing)?|delete|remove|modify|alter|rewrite|edit|weaken|ignore|neutrali[sz]e|evade|unrestricted|unlimited|without (?:restrictions?|limits|approval|checks|review))\b/iu,
);
const FORCED_VERDICT = caseless(
  /\b(?:always|must|should|shall)\s+(?:return|answer|respond(?:\s+with)?|output|say|mark|classify|rate|treat)\b[^.\n]{0,40}\b(?:ALLOW(?:ED)?|APPROVE[D]?|SAFE|BENIGN|PASS(?:ED)?|LEGITIMATE|confidence\s*[:=]?\s*1(?:\.0+)?)\b|\b(?:auto[- ]?approve|pre[- ]?approved|approve everything|allow everything|allow all)\b|\balways\s+(?:approve|allow|accept|trust)\b|\baction\s*:\s*ALLOW\b/iu,
);

export function standingOrder(text: string): string | undefined {
  return STANDING_ORDER.exec(text)?.[0];
}

export function injectionMarker(text: string): string | undefined {
  return INJECTION_MARKER.exec(text)?.[0];
}

/** An instruction aimed at the security controls themselves. */
export function controlTampering(text: string): string | undefined {
  const forced = FORCED_VERDICT.exec(text);
  if (forced) return forced[0];
  const target = CONTROL_TARGET.exec(text);
  if (target && CONTROL_TAMPERING.test(text)) return target[0];
  return undefined;
}
