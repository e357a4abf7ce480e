import { isSecretVariable } from '../content/secrets.js';
import type { Judge } from '../judge.js';
import {
  CREDENTIAL_HEADER_RULES,
  credentialUse,
  isAuthHeader,
} from '../rules/credential-headers.js';
import { NETWORK_RULES } from '../rules/network.js';
import { SHELL_SECRET_RULES } from '../rules/shell-secrets.js';

/** `${GITHUB_TOKEN}` or `$GITHUB_TOKEN`: a variable a harness fills in before the request goes. */
const REFERENCE = /\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)/gu;

function secretsIn(text: string): string[] {
  return [...text.matchAll(REFERENCE)]
    .map((m) => m[1] ?? m[2] ?? '')
    .filter((name) => isSecretVariable(name));
}

/**
 * Secret variables an HTTP request names, judged as `curl` with the same variables is: handed to
 * the service they belong to in a credential header they sign in; to a service their name does
 * not say (`API_TOKEN`) they ask; anywhere else (the address, the body, another header, another
 * service) they are read out and sent, and refused.
 */
export function judgeSecretReferences(
  url: string,
  bodies: readonly string[],
  headers: unknown,
  host: string,
  judge: Judge,
): void {
  const findings = judge.findings;
  const carried = [url, ...bodies].flatMap(secretsIn);
  if (headers !== null && typeof headers === 'object' && !Array.isArray(headers))
    for (const [name, value] of Object.entries(headers)) {
      if (typeof value !== 'string') continue;
      for (const secret of secretsIn(value)) {
        const use = isAuthHeader(name) ? credentialUse(secret, [host]) : 'other-service';
        if (use === 'unnamed-service')
          findings.add(CREDENTIAL_HEADER_RULES.credentialToHost, `$${secret}`);
        else if (use === 'other-service') carried.push(secret);
      }
    }
  if (carried.length === 0) return;
  findings.add(SHELL_SECRET_RULES.secretVariable, `$${carried[0] ?? ''}`);
  findings.add(NETWORK_RULES.sensitiveData, host);
}
