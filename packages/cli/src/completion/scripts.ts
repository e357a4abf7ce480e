import type { CompletionNode } from './command-tree.js';

function words(values: readonly string[]): string {
  return values.join(' ');
}

/** bash: the first word completes to a command, the second to a subcommand or option, later ones to options. */
export function bashCompletion(root: CompletionNode): string {
  const cases = root.children
    .map((child) => {
      const subs = child.children.map((sub) => `        ${sub.name}) opts="${words(sub.options)}" ;;`).join('\n');
      return `    ${child.name})
      if [ "$COMP_CWORD" -eq "$((start + 1))" ]; then opts="${words([...child.children.map((sub) => sub.name), ...child.options])}"
      else
        case "\${COMP_WORDS[start + 1]}" in
${subs}
        *) opts="${words(child.options)}" ;;
        esac
      fi ;;`;
    })
    .join('\n');
  return `# parapet completion for bash: source <(parapet completion bash)
_parapet() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" start=1 opts=""
  while [ "$start" -lt "$COMP_CWORD" ] && [[ "\${COMP_WORDS[start]}" == -* ]]; do
    [ "\${COMP_WORDS[start]}" = "--home" ] && start=$((start + 1))
    start=$((start + 1))
  done
  if [ "$COMP_CWORD" -le "$start" ]; then
    opts="${words([...root.children.map((child) => child.name), ...root.options])}"
  else
    case "\${COMP_WORDS[start]}" in
${cases}
    esac
  fi
  COMPREPLY=($(compgen -W "$opts" -- "$cur"))
}
complete -o default -F _parapet parapet
`;
}

/** zsh runs the bash function through bashcompinit: one definition of what completes where. */
export function zshCompletion(root: CompletionNode): string {
  return `# parapet completion for zsh: source <(parapet completion zsh)
autoload -U +X bashcompinit && bashcompinit
${bashCompletion(root).split('\n').slice(1).join('\n')}`;
}

function fishQuote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function fishCompletion(root: CompletionNode): string {
  const lines = ['# parapet completion for fish: parapet completion fish > ~/.config/fish/completions/parapet.fish', 'complete -c parapet -f'];
  for (const option of root.options) lines.push(`complete -c parapet -l ${option.slice(2)}`);
  for (const child of root.children) {
    lines.push(`complete -c parapet -n __fish_use_subcommand -a ${child.name} -d ${fishQuote(child.description)}`);
    for (const option of child.options) lines.push(`complete -c parapet -n '__fish_seen_subcommand_from ${child.name}' -l ${option.slice(2)}`);
    for (const sub of child.children) {
      lines.push(`complete -c parapet -n '__fish_seen_subcommand_from ${child.name}' -a ${sub.name} -d ${fishQuote(sub.description)}`);
      for (const option of sub.options) lines.push(`complete -c parapet -n '__fish_seen_subcommand_from ${sub.name}' -l ${option.slice(2)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
