import { emptyList } from '../lists.js';

/**
 * Path-like tokens inside free text ("contents of ~/.aws/credentials", "/etc/shadow (null byte…)"):
 * absolute and home paths, relative paths with a slash, and bare names that are secret by name.
 */
const PATH_TOKEN =
  /(?:^|[\s'"`=(,:;<>[{])((?:~[\w.-]*|\$HOME|\$\{HOME\})?\/[^\s'"`,;|&<>()[\]{}]*|\.{1,2}\/[^\s'"`,;|&<>()[\]{}]+|[\w.-]+\/[^\s'"`,;|&<>()[\]{}]+|\.[\w-][\w.-]*|[\w-]+\.(?:env|pem|key|p12|pfx|kubeconfig|tfstate)|id_(?:rsa|ed25519|ecdsa|dsa)|credentials\.\w+)(?=$|[\s'"`,;:)|&<>\]}])/gu;

let lastText: string | undefined;
let lastTokens: readonly string[] = emptyList();

/** Path-like tokens in `text`, in order, without repeats. The last answer is kept: rules often read one text in turn. */
export function pathTokens(text: string): readonly string[] {
  if (text === lastText) return lastTokens;
  lastTokens = findPathTokens(text);
  lastText = text;
  return lastTokens;
}

function findPathTokens(text: string): string[] {
  const out: string[] = emptyList();
  for (const m of text.matchAll(PATH_TOKEN)) {
    const token = (m[1] ?? '').replace(/[.:]+$/u, '');
    if (token.length > 1 && !/^\/\//u.test(token) && !out.includes(token)) out.push(token);
  }
  return out;
}
