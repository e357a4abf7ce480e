import { parseRemote, PUBLIC_PACKAGE_INDEXES } from '../network/hosts.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';

/** Package sources. Shared by shell installs and anything else naming an index. */
export const PACKAGE_RULES = {
  insecureIndex: defineRule(
    'packages.insecure_index',
    'block',
    'installs packages over plain HTTP from a host that is not local',
  ),
  extraIndex: defineRule(
    'packages.extra_index',
    'block',
    'adds an extra package index (dependency confusion)',
  ),
  trustedHost: defineRule(
    'packages.trusted_host',
    'block',
    'turns off certificate checks for a package host',
  ),
  checksumBypass: defineRule(
    'packages.checksum_bypass',
    'block',
    'turns off package checksum or TLS verification',
  ),
  unknownIndex: defineRule(
    'packages.unknown_index',
    'escalate',
    'installs packages from an index the Shield does not know',
  ),
  directUrl: defineRule(
    'packages.direct_url',
    'escalate',
    'installs a package straight from a URL or repository',
  ),
  globalInstall: defineRule(
    'packages.global_install',
    'escalate',
    'installs packages outside the workspace (global or system-wide)',
  ),
  systemInstall: defineRule(
    'packages.system_install',
    'escalate',
    'installs or removes system packages',
  ),
  newRepository: defineRule(
    'packages.new_system_repository',
    'block',
    'adds a system package repository or signing key',
  ),
  publish: defineRule('packages.publish', 'escalate', 'publishes a package or image to a registry'),
  typosquat: defineRule(
    'packages.typosquat',
    'block',
    'installs a package named one letter away from a popular one',
  ),
  thirdPartyPackage: defineRule(
    'packages.third_party_code',
    'escalate',
    'adds a package whose code (install scripts included) the Shield has not seen',
  ),
  installScripts: defineRule(
    'packages.install_scripts',
    'escalate',
    'installs dependencies whose install scripts or build steps run code the Shield has not seen',
  ),
};

/** Judges one index URL. `extra` marks indexes consulted in addition to the default one. */
export function judgeIndex(url: string, extra: boolean, judge: Judge): void {
  const remote = parseRemote(url);
  if (remote === undefined || remote.kind === 'loopback') return;
  if (remote.scheme === 'http') judge.findings.add(PACKAGE_RULES.insecureIndex, url);
  if (PUBLIC_PACKAGE_INDEXES.has(remote.host.toLowerCase())) return;
  judge.findings.add(extra ? PACKAGE_RULES.extraIndex : PACKAGE_RULES.unknownIndex, url);
}

/** A package spec that is a URL, VCS reference or archive rather than a registry name. */
export function isDirectSpec(spec: string): boolean {
  return (
    /^(?:[a-z+]+:\/\/|git\+|git@|github:|gitlab:|bitbucket:|file:)|\.(?:tgz|tar\.gz|whl|zip)$/iu.test(
      spec,
    ) || /^[\w-]+\/[\w.-]+(?:#.*)?$/u.test(spec)
  );
}
