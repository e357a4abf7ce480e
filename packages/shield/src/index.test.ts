import { describe, expect, it } from 'vitest';

describe('the package surface', () => {
  it('exports the core only at the root', async () => {
    const root = await import('@parapet/shield');
    expect(Object.keys(root).sort()).toEqual([
      'BUILTIN_POLICY_DIR',
      'BUILTIN_POLICY_NAMES',
      'ClassifierError',
      'GRANTABLE_COMMAND_ACTIONS',
      'GRANTABLE_PATH_ACTIONS',
      'HUMAN_APPROVED_RULE',
      'HUMAN_CAP_RULE',
      'ShieldError',
      'ShieldPackageError',
      'SlidingWindowLimiter',
      'actionHash',
      'canonicalActionType',
      'canonicalJson',
      'compileGrants',
      'createShield',
      'exactCommandPattern',
      'exactPathGlob',
      'extractFacts',
      'inducementIn',
      'parseGrantsText',
      'policyFileSchema',
      'requestHumanApproval',
      'scriptsRunBy',
      'systemClock',
      'utcDay',
    ]);
  });

  it('offers the classifier, the eval, the commands and the test helpers behind subpaths', async () => {
    expect(Object.keys(await import('@parapet/shield/classifier'))).toEqual(
      expect.arrayContaining(['loadClassifier', 'pullModel', 'classifierStatus', 'readManifest']),
    );
    expect(Object.keys(await import('@parapet/shield/eval'))).toEqual(expect.arrayContaining(['loadCorpus', 'evalShieldConfig', 'runEval']));
    expect(Object.keys(await import('@parapet/shield/commands')).sort()).toEqual(['defineEvalCommand', 'definePolicyCheckCommand']);
    expect(Object.keys(await import('@parapet/shield/testing')).sort()).toEqual(['canaryOf', 'inOrder', 'messageText', 'startScriptedModel']);
  });
});
