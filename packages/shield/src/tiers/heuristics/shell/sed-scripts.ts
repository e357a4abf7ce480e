/**
 * A sed script made only of substitutions (`s/a/b/g; s|x|y|`) whose flags neither write to another
 * file (`w`) nor run the result as a command (`e`): what it reads stays in the file it edits.
 */
export function onlySubstitutes(script: string): boolean {
  const commands = script
    .split(/[;\n]/u)
    .map((c) => c.trim())
    .filter(Boolean);
  if (commands.length === 0) return false;
  return commands.every((command) => {
    const delimiter = /^s([^\w\s\\])/u.exec(command)?.[1];
    if (delimiter === undefined) return false;
    const parts = splitOn(command.slice(2), delimiter);
    return parts !== undefined && /^[gipI0-9]*$/u.test(parts.flags);
  });
}

/** The pattern, replacement and flags of a substitution body, honouring escaped delimiters. */
function splitOn(body: string, delimiter: string): { flags: string } | undefined {
  let fields = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charAt(i);
    if (c === '\\') i++;
    else if (c === delimiter && ++fields === 2) return { flags: body.slice(i + 1) };
  }
  return undefined;
}
