import { useState, type ReactNode } from 'react';

export interface AccordionItem {
  question: string;
  answer: ReactNode;
}

interface AccordionProps {
  /** Prefix of the button and panel ids (stable for pre-rendering). */
  idBase: string;
  items: readonly AccordionItem[];
  /** Level of the heading that wraps each question (the page's outline decides). */
  headingLevel?: 2 | 3 | 4;
}

/**
 * FAQ accordion: one answer open at a time, the first open to begin with; opening another closes it,
 * pressing the open one closes it. Closed answers stay in the HTML (hidden) so search engines read them.
 */
export function Accordion({ idBase, items, headingLevel = 3 }: AccordionProps) {
  const [open, setOpen] = useState<number | null>(0);
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="accordion">
      {items.map((item, i) => {
        const expanded = open === i;
        return (
          <div key={item.question} className="accordion__item">
            <Heading className="accordion__heading">
              <button
                type="button"
                id={`${idBase}-q-${i}`}
                className="accordion__button"
                aria-expanded={expanded}
                aria-controls={`${idBase}-a-${i}`}
                onClick={() => setOpen(expanded ? null : i)}
              >
                <span>{item.question}</span>
                <svg className="accordion__chevron" viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M6 9l6 6 6-6" />
                </svg>
              </button>
            </Heading>
            <div id={`${idBase}-a-${i}`} className="accordion__panel" hidden={!expanded}>
              {typeof item.answer === 'string' ? <p>{item.answer}</p> : item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
