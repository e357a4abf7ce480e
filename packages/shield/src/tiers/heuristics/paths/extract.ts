import { emptyList } from '../lists.js';
import { alternation } from '../text/word-list.js';

const TOKEN_START = /(?:^|[\s'"`=(,:;<>[{])/u;
const TOKEN_END = /(?=$|[\s'"`,;:)|&<>\]}])/u;
/** A character inside a path token: not a space, quote, separator or bracket. */
const PATH_CHARACTER = /[^\s'"`,;|&<>()[\]{}]/u.source;
/** Extensions of files that are secret whatever folder they sit in. */
const SECRET_EXTENSIONS = ['env', 'pem', 'key', 'p12', 'pfx', 'kubeconfig', 'tfstate'];
const PATH_FORMS = [
  // Absolute, or from a home folder.
  new RegExp(String.raw`(?:~[\w.-]*|\$HOME|\$\{HOME\})?\/${PATH_CHARACTER}*`, 'u'),
  new RegExp(String.raw`\.{1,2}\/${PATH_CHARACTER}+`, 'u'),
  new RegExp(String.raw`[\w.-]+\/${PATH_CHARACTER}+`, 'u'),
  // Bare names: a dotfile, or a name secret by itself.
  /\.[\w-][\w.-]*/u,
  new RegExp(String.raw`[\w-]+\.(?:${alternation(SECRET_EXTENSIONS)})`, 'u'),
  /id_(?:rsa|ed25519|ecdsa|dsa)/u,
  /credentials\.\w+/u,
];
/**
 * Path-like tokens inside free text ("contents of ~/.aws/credentials", "/etc/shadow (null byte…)"):
 * absolute and home paths, relative paths with a slash, and bare names that are secret by name.
 */
const PATH_TOKEN = new RegExp(
  `${TOKEN_START.source}(${alternation(PATH_FORMS)})${TOKEN_END.source}`,
  'gu',
);

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
