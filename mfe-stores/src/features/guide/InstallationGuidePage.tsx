import { useState } from 'react';
import { DestinationLink, usePlatform } from '@sniff/shell-sdk';
import {
  buildEmbedSnippet,
  SQUARESPACE_KEY_ACCESS,
  SQUARESPACE_KEY_NO_MORE,
  type Platform,
  type StoreSource,
} from '@sniff/contracts';
import { CopyButton, Tabs, type TabDef } from '@sniff/ui';

type PlatformTab = 'squarespace' | 'shopify';
type ShopifyTab = 'csv' | 'oauth';

const PLATFORM_TABS: TabDef<PlatformTab>[] = [
  { id: 'squarespace', label: 'Squarespace' },
  { id: 'shopify', label: 'Shopify' },
];
const SHOPIFY_TABS: TabDef<ShopifyTab>[] = [
  { id: 'csv', label: 'CSV Upload' },
  { id: 'oauth', label: 'OAuth2' },
];

export const PLACEHOLDER_STORE_ID = 'YOUR_STORE_ID';

const SQUARESPACE_STEPS = [
  `In Squarespace, open Settings → Advanced → Developer API Keys and create a key with ${SQUARESPACE_KEY_ACCESS}. ${SQUARESPACE_KEY_NO_MORE} Copy it: Squarespace shows it once.`,
  'In Sniff, choose Create Search Widget → Squarespace, enter your store URL exactly as it appears, choose your store type and paste the key. Blogs are read through their sitemap, so the blog must be public.',
  'Copy the embed code below (use your Store ID from Manage Your Widgets instead of YOUR_STORE_ID).',
  'In Squarespace, add a Code block in HTML mode where the search bar should appear and paste the code.',
  'Save and test a search on your site. If the widget does not appear, clear the browser cache.',
];
const SHOPIFY_CSV_STEPS = [
  'Export your products from Shopify admin (Products, then Export) and keep the file as it is, or make a CSV file with the columns name, description, price, category, image_url.',
  'In Sniff, choose Create Search Widget → Shopify and upload the CSV file. The store name must match your myshopify address.',
  'Copy the embed code below into your theme where the search bar should appear.',
  'Save the theme and test a search on your store.',
];
const SHOPIFY_OAUTH_STEPS = [
  'In Sniff, choose Create Search Widget → Shopify and enter your store name as in your myshopify address (my-shop for my-shop.myshopify.com).',
  'Press Connect with Shopify. A Shopify window opens: sign in if asked and install Sniff Site Search, which reads your products only.',
  'The window closes and Sniff indexes your products; they stay in sync every 24 hours, or at once with Sync now in Manage Your Widgets.',
  'Copy the embed code below into your theme where the search bar should appear, save and test a search.',
];
const CUSTOM_STEPS = [
  "Choose Create Search Widget → SaaS / Self-hosted Business Website and enter your site's name and URL.",
  'Pick the pages to index (free plans: the main URL plus one page) and press Connect Custom Website.',
  "Copy the embed code below into your site's HTML, with your Store ID instead of YOUR_STORE_ID.",
  'Publish the page and test a search.',
];

function Steps({ steps }: { steps: string[] }) {
  return (
    <ol className="guide-steps">
      {steps.map((s) => (
        <li key={s}>{s}</li>
      ))}
    </ol>
  );
}

function Snippet({ text, label }: { text: string; label: string }) {
  return (
    <div className="guide-snippet">
      <pre className="sniff-code" aria-label={label}>
        <code>{text}</code>
      </pre>
      <CopyButton text={text} />
    </div>
  );
}

/** /dashboard/installation-guide: how to add the widget, per platform, with a copyable example snippet. */
export function InstallationGuidePage() {
  const { widgetHost } = usePlatform();
  const [tab, setTab] = useState<PlatformTab>('squarespace');
  const [shopifyTab, setShopifyTab] = useState<ShopifyTab>('csv');
  const snippetFor = (platform: Platform, source: StoreSource) =>
    buildEmbedSnippet({
      storeId: PLACEHOLDER_STORE_ID,
      platform,
      type: platform === 'custom' ? 'business' : platform === 'shopify' ? 'store' : 'ecommerce',
      widgetHost,
      source,
    });
  return (
    <div className="guide">
      <p>
        Create a widget first (<DestinationLink to="wizard.createStore">Create Search Widget</DestinationLink>), then
        follow the steps for your platform.
      </p>
      <p>
        A new widget answers only on its store’s own site: if you place it on another domain, add that domain under
        Manage &gt; Search tuning &gt; Allowed sites.
      </p>
      <Tabs label="Platform" tabs={PLATFORM_TABS} value={tab} onChange={setTab}>
        {tab === 'squarespace' ? (
          <>
            <h2>Squarespace</h2>
            <Steps steps={SQUARESPACE_STEPS} />
            <Snippet text={snippetFor('squarespace', 'squarespace')} label="Squarespace embed code" />
          </>
        ) : (
          <>
            <h2>Shopify</h2>
            <Tabs label="Shopify connection" tabs={SHOPIFY_TABS} value={shopifyTab} onChange={setShopifyTab}>
              {shopifyTab === 'csv' ? (
                <>
                  <Steps steps={SHOPIFY_CSV_STEPS} />
                  <Snippet text={snippetFor('shopify', 'shopify-csv')} label="Shopify embed code" />
                </>
              ) : (
                <>
                  <Steps steps={SHOPIFY_OAUTH_STEPS} />
                  <Snippet text={snippetFor('shopify', 'shopify-oauth')} label="Shopify embed code" />
                </>
              )}
            </Tabs>
          </>
        )}
      </Tabs>
      <section aria-labelledby="guide-custom" className="guide-custom">
        <h2 id="guide-custom">Custom website</h2>
        <Steps steps={CUSTOM_STEPS} />
        <Snippet text={snippetFor('custom', 'crawl')} label="Custom website embed code" />
      </section>
    </div>
  );
}
