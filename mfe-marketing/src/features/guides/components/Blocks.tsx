import { useId } from 'react';
import type { Block } from '../content/types';
import { CodeBlock } from './CodeBlock';
import { Tabs } from './Tabs';

function Table({ block }: { block: Extract<Block, { kind: 'table' }> }) {
  const id = useId();
  return (
    // A labelled, focusable region so a table wider than a phone can be scrolled from the keyboard.
    <div className="guide-table-wrap" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="guide-table">
        <caption id={id}>{block.caption}</caption>
        <thead>
          <tr>
            {block.head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row) => (
            <tr key={row[0]}>
              <th scope="row">{row[0]}</th>
              {row.slice(1).map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Note({ title, text }: { title: string; text: string }) {
  // "Store URL: ..." but "No pages found? ..." (no colon after a question).
  const lead = /[?!.:]$/.test(title) ? `${title} ` : `${title}: `;
  return (
    <div className="guide-note" role="note">
      <p>
        <strong>{lead}</strong>
        {text}
      </p>
    </div>
  );
}

/** Renders guide content data; see content/types.ts for what each kind means. */
export function Blocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, i) => {
        switch (block.kind) {
          case 'p':
            return <p key={i}>{block.text}</p>;
          case 'list': {
            const items = block.items.map((item) => <li key={item}>{item}</li>);
            return block.ordered ? (
              <ol key={i} className="guide-list">
                {items}
              </ol>
            ) : (
              <ul key={i} className="guide-list">
                {items}
              </ul>
            );
          }
          case 'code':
            return <CodeBlock key={i} label={block.label} code={block.code} />;
          case 'table':
            return <Table key={i} block={block} />;
          case 'note':
            return <Note key={i} title={block.title} text={block.text} />;
          case 'tabs':
            return (
              <Tabs
                key={i}
                id={block.id}
                label={block.label}
                tabs={block.tabs.map((tab) => ({
                  id: tab.id,
                  label: tab.label,
                  comingSoon: tab.comingSoon,
                  panel: <Blocks blocks={tab.blocks} />,
                }))}
              />
            );
          case 'links':
            return (
              <ul key={i} className="guide-links">
                {block.items.map((link) => (
                  <li key={link.href}>
                    <a href={link.href}>{link.label}</a>
                  </li>
                ))}
              </ul>
            );
        }
      })}
    </>
  );
}
