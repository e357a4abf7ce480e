import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

/*
 * Markdown for model output, rendered as Preact nodes: text only ever becomes text nodes, never
 * HTML, so whatever the model (or a file it read) writes cannot inject markup or script. Links keep
 * only http(s) and mailto targets. Supports what answers use: paragraphs, headings, lists, quotes,
 * fenced code (with a copy button), inline code, bold, italics and links.
 */

type Block =
  | { readonly kind: 'code'; readonly lang: string; readonly text: string }
  | { readonly kind: 'heading'; readonly level: number; readonly text: string }
  | { readonly kind: 'list'; readonly ordered: boolean; readonly items: string[] }
  | { readonly kind: 'quote'; readonly text: string }
  | { readonly kind: 'paragraph'; readonly text: string };

const LIST_ITEM = /^\s*(?:[-*+]|(\d+)[.)])\s+(.*)$/;

function parseBlocks(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    const fence = /^\s*(```|~~~)\s*([\w+-]*)\s*$/.exec(line);
    if (fence) {
      const body: string[] = [];
      index += 1;
      while (index < lines.length && !(lines[index] ?? '').trim().startsWith(fence[1] ?? '```')) body.push(lines[index++] ?? '');
      index += 1;
      blocks.push({ kind: 'code', lang: fence[2] ?? '', text: body.join('\n') });
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: heading[1]?.length ?? 1, text: heading[2] ?? '' });
      index += 1;
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = item[1] !== undefined;
      const items: string[] = [];
      while (index < lines.length) {
        const next = LIST_ITEM.exec(lines[index] ?? '');
        if (!next || (next[1] !== undefined) !== ordered) break;
        items.push(next[2] ?? '');
        index += 1;
      }
      blocks.push({ kind: 'list', ordered, items });
      continue;
    }
    if (line.startsWith('>')) {
      const quoted: string[] = [];
      while (index < lines.length && (lines[index] ?? '').startsWith('>')) quoted.push((lines[index++] ?? '').replace(/^>\s?/, ''));
      blocks.push({ kind: 'quote', text: quoted.join('\n') });
      continue;
    }
    if (line.trim() === '') {
      index += 1;
      continue;
    }
    const paragraph: string[] = [];
    while (index < lines.length) {
      const next = lines[index] ?? '';
      if (next.trim() === '' || /^\s*(```|~~~)/.test(next) || /^#{1,6}\s/.test(next) || LIST_ITEM.test(next) || next.startsWith('>')) break;
      paragraph.push(next);
      index += 1;
    }
    blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
  }
  return blocks;
}

function safeHref(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

const INLINE = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*\s][^*]*\*|_[^_\s][^_]*_)|(\[[^\]]+\]\([^)\s]+\))/;

function renderInline(text: string): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  let rest = text;
  while (rest.length > 0) {
    const match = INLINE.exec(rest);
    if (!match) {
      out.push(rest);
      break;
    }
    if (match.index > 0) out.push(rest.slice(0, match.index));
    const token = match[0];
    if (match[1]) out.push(<code>{token.slice(1, -1)}</code>);
    else if (match[2]) out.push(<strong>{renderInline(token.slice(2, -2))}</strong>);
    else if (match[3]) out.push(<em>{renderInline(token.slice(1, -1))}</em>);
    else {
      const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(token);
      const href = link ? safeHref(link[2] ?? '') : undefined;
      out.push(
        href ? (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {link?.[1]}
          </a>
        ) : (
          token
        ),
      );
    }
    rest = rest.slice(match.index + token.length);
  }
  return out;
}

function CodeBlock({ lang, text }: { lang: string; text: string }) {
  const [copied, setCopied] = useState(false);
  const copy = (): void => {
    void navigator.clipboard?.writeText(text).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    });
  };
  return (
    <div class="code-block">
      <div class="code-bar">
        <span>{lang || 'text'}</span>
        <button type="button" class="copy" onClick={copy} aria-label="Copy code">
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre>
        <code>{text}</code>
      </pre>
    </div>
  );
}

export function Markdown({ text }: { text: string }) {
  return (
    <div class="markdown">
      {parseBlocks(text).map((block) => {
        switch (block.kind) {
          case 'code':
            return <CodeBlock lang={block.lang} text={block.text} />;
          case 'heading': {
            const Tag = `h${Math.min(6, block.level + 2)}` as 'h3';
            return <Tag>{renderInline(block.text)}</Tag>;
          }
          case 'list':
            return block.ordered ? (
              <ol>{block.items.map((item) => <li>{renderInline(item)}</li>)}</ol>
            ) : (
              <ul>{block.items.map((item) => <li>{renderInline(item)}</li>)}</ul>
            );
          case 'quote':
            return <blockquote>{renderInline(block.text)}</blockquote>;
          case 'paragraph':
            return <p>{renderInline(block.text)}</p>;
        }
      })}
    </div>
  );
}
