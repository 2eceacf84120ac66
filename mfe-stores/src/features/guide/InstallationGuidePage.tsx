import { useState } from 'react';
import { usePlatform } from '@sniff/shell-sdk';
import { buildEmbedSnippet } from '@sniff/contracts';
import { CopyButton } from '../../shared/ui/CopyButton';

type Tab = 'squarespace' | 'shopify';
const TABS: { id: Tab; label: string }[] = [
  { id: 'squarespace', label: 'Squarespace' },
  { id: 'shopify', label: 'Shopify' },
];

const STEPS: Record<Tab, string[]> = {
  squarespace: [
    'In Squarespace, open Settings → Developer API Keys and create a key with read access to products, inventory and orders.',
    'In Sniff, choose Create Search Widget → Squarespace and paste the key. Enter your store URL exactly as it appears.',
    'Copy the embed code below and add a Code block (HTML mode) where the search bar should appear.',
    'Save and preview your site. If the widget does not appear, clear the browser cache.',
  ],
  shopify: [
    'Export your products as a CSV with the columns name, description, price, category, image_url.',
    'In Sniff, choose Create Search Widget → Shopify and upload the CSV (OAuth2 connection is coming soon).',
    'Copy the embed code below into your theme where the search bar should appear.',
    'Save the theme and test a search on your store.',
  ],
};

function Snippet({ text }: { text: string }) {
  return (
    <>
      <pre className="sniff-code">
        <code>{text}</code>
      </pre>
      <CopyButton text={text} />
    </>
  );
}

/** /dashboard/installation-guide */
export function InstallationGuidePage() {
  const { widgetHost } = usePlatform();
  const [tab, setTab] = useState<Tab>('squarespace');
  const placeholderId = 'YOUR_STORE_ID';
  const snippetFor = (platform: Tab | 'custom') =>
    buildEmbedSnippet({
      storeId: placeholderId,
      platform,
      type: platform === 'custom' ? 'business' : 'store',
      widgetHost,
    });
  return (
    <div className="guide">
      <h1>Installation Guide</h1>
      <div role="tablist" aria-label="Platform" className="tabs">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`guide-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`guide-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft')
                setTab(tab === 'squarespace' ? 'shopify' : 'squarespace');
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`guide-panel-${tab}`} aria-labelledby={`guide-tab-${tab}`}>
        <ol>
          {STEPS[tab].map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        <Snippet text={snippetFor(tab)} />
      </div>
      <section aria-labelledby="guide-custom">
        <h2 id="guide-custom">SaaS or self-hosted website</h2>
        <ol>
          <li>
            Choose Create Search Widget → SaaS / Self-hosted Business Website, enter your site&apos;s name and URL.
          </li>
          <li>Pick the pages to index (free plans: the main URL plus one page) and press Connect Custom Website.</li>
          <li>
            Paste the embed code into your site&apos;s HTML; replace YOUR_STORE_ID with the Store ID from Manage Your
            Widgets.
          </li>
        </ol>
        <Snippet text={snippetFor('custom')} />
      </section>
    </div>
  );
}
