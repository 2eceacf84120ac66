import { usePlatform } from '@sniff/shell-sdk';
import type { Store } from '@sniff/contracts';
import { Alert, Button, Spinner } from '@sniff/ui';
import { WidgetPreview, WidgetStudio } from '@sniff/widget-studio';
import type { WidgetSettingsState } from './useWidgetSettings';

/**
 * The manage panel's Widget tab: the studio beside the live preview of the draft. Save Changes (the
 * panel's) saves it; sites pick the saved look up on their next load, with the snippet they have.
 */
export function WidgetTab({ store, widget }: { store: Store; widget: WidgetSettingsState }) {
  const platform = usePlatform();
  const { query, value } = widget;
  if (query.isLoading) return <Spinner label="Loading widget settings" />;
  if (query.isError || !value)
    return (
      <Alert kind="error">
        Widget settings could not be loaded.{' '}
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  const valid = Object.keys(widget.errors).length === 0;
  return (
    <div className="sniff-studio-layout">
      <div>
        <WidgetStudio
          value={value}
          onChange={widget.edit}
          plan={widget.plan}
          platform={store.platform}
          formats={['cards', 'list']}
          errors={widget.errors}
        />
        {widget.problem && <Alert kind="error">{widget.problem}</Alert>}
        {widget.dirty && (
          <p className="sniff-muted" role="status">
            Unsaved changes. Save Changes applies them wherever your widget is installed, with the code you already
            pasted.{' '}
            <Button variant="ghost" onClick={widget.discard}>
              Discard
            </Button>
          </p>
        )}
      </div>
      {valid ? (
        <WidgetPreview
          storeId={store.id}
          platform={store.platform}
          type={store.store_type}
          source={store.source}
          widgetHost={platform.widgetHost}
          settings={value}
          isFree={widget.isFree}
        />
      ) : (
        <section className="sniff-studio-preview" aria-label="Live preview">
          <h4>Live preview</h4>
          <p className="sniff-muted">Correct the highlighted fields to see the preview.</p>
        </section>
      )}
    </div>
  );
}
