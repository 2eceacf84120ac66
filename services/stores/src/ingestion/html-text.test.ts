import { htmlToText } from './html-text';

describe('htmlToText', () => {
  it('keeps the words a visitor reads: tags dropped, entities decoded, blocks kept apart', () => {
    expect(
      htmlToText(
        '<p>Soft <strong>organic</strong> cotton &amp; linen&nbsp;&mdash; 100%.</p><ul><li>Machine wash</li><li>Made in Portugal</li></ul>Fits true<br>to size',
      ),
    ).toBe('Soft organic cotton & linen — 100%. Machine wash Made in Portugal Fits true to size');
  });

  it('drops scripts and styles, and leaves escaped markup as text, never as markup', () => {
    expect(htmlToText('<style>p{color:red}</style><script>alert(1)</script><p>Use &lt;b&gt; for bold</p>')).toBe(
      'Use <b> for bold',
    );
  });

  it('passes plain text through, whitespace collapsed', () => {
    expect(htmlToText('  Plain\n\ttext  ')).toBe('Plain text');
  });
});
