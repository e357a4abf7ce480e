/** Text that arrives in pieces, formatted a whole line at a time. */
export interface StreamFormatter {
  push(text: string): string;
  flush(): string;
}

const BOLD = (text: string): string => `\u001b[1m${text}\u001b[22m`;
const DIM = (text: string): string => `\u001b[2m${text}\u001b[22m`;
const CODE = (text: string): string => `\u001b[36m${text}\u001b[39m`;
const UNDERLINE = (text: string): string => `\u001b[4m${text}\u001b[24m`;

function inline(line: string): string {
  return line
    .replace(/`([^`\n]+)`/g, (_match, code: string) => CODE(code))
    .replace(/\*\*([^*\n]+)\*\*/g, (_match, bold: string) => BOLD(bold))
    .replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, (_match, label: string, url: string) => `${UNDERLINE(label)} ${DIM(`(${url})`)}`);
}

/**
 * Markdown as a terminal shows it well: headings bold, `code` and fenced blocks coloured, bullets as
 * •, links with their URL dimmed. The answer streams line by line so a line is styled once, whole.
 */
export function markdownStream(): StreamFormatter {
  let buffer = '';
  let inFence = false;
  const format = (line: string): string => {
    if (/^\s*```/.test(line)) {
      inFence = !inFence;
      return DIM(line);
    }
    if (inFence) return CODE(line);
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) return BOLD(UNDERLINE(inline(heading[2] ?? '')));
    const bullet = /^(\s*)[-*+]\s+(.*)$/.exec(line);
    if (bullet) return `${bullet[1] ?? ''}• ${inline(bullet[2] ?? '')}`;
    if (/^\s*>\s?/.test(line)) return DIM(`│ ${inline(line.replace(/^\s*>\s?/, ''))}`);
    return inline(line);
  };
  return {
    push(text) {
      buffer += text;
      const end = buffer.lastIndexOf('\n');
      if (end < 0) return '';
      const lines = buffer.slice(0, end).split('\n');
      buffer = buffer.slice(end + 1);
      return lines.map((line) => `${format(line)}\n`).join('');
    },
    flush() {
      const rest = buffer;
      buffer = '';
      return rest === '' ? '' : format(rest);
    },
  };
}
