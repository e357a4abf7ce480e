/**
 * The comments of a shell line: `#` at the start of a word, outside quotes, to the end of the
 * line. The shell ignores them; a person approving the line reads them as its description.
 */
export function shellComments(command: string): string[] {
  const comments: string[] = [];
  let quote: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === '\\') i++;
    else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || /\s/u.test(command[i - 1] ?? ''))) {
      const end = command.indexOf('\n', i);
      comments.push(command.slice(i + 1, end < 0 ? undefined : end));
      if (end < 0) break;
      i = end;
    }
  }
  return comments;
}
