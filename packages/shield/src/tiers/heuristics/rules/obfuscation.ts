import { defineRule } from '../registry.js';

/** Tricks that hide what an action does from a human reading it. */
export const OBFUSCATION_RULES = {
  hiddenCharacters: defineRule(
    'obfuscation.hidden_characters',
    'block',
    'hides characters (zero-width or bidi controls) inside the action',
  ),
  homoglyph: defineRule(
    'obfuscation.homoglyph',
    'block',
    'spells a name with look-alike letters from another alphabet',
  ),
  homoglyphText: defineRule(
    'obfuscation.homoglyph_text',
    'escalate',
    'mixes look-alike letters from another alphabet into text',
  ),
  nullByte: defineRule('obfuscation.null_byte', 'block', 'hides a null byte in a path'),
  encodedReference: defineRule(
    'obfuscation.encoded_sensitive_reference',
    'block',
    'hides a reference to secret files behind an encoding',
  ),
  charCodeExecution: defineRule(
    'obfuscation.char_code_execution',
    'block',
    'builds strings from character codes in code that runs programs or reaches the network',
  ),
  charCodeStrings: defineRule(
    'obfuscation.char_code_strings',
    'escalate',
    'builds strings from character codes, hiding what they say',
  ),
  decodedExecution: defineRule(
    'obfuscation.decoded_execution',
    'escalate',
    'decodes text at run time and executes it',
  ),
  hiddenHarm: defineRule(
    'obfuscation.hidden_harm',
    'block',
    'hides behind an encoding a command that needs a human or is refused',
  ),
  syntaxError: defineRule(
    'shell.syntax_error',
    'escalate',
    'is not a well-formed shell command, so its effect cannot be judged',
  ),
  tooComplex: defineRule(
    'shell.too_complex',
    'escalate',
    'nests too deeply or is too long to judge completely',
  ),
};
