import { useId, useState } from 'react';
import { errorMessage, useUser } from '@sniff/shell-sdk';
import { catalogueFileProblem, type ReplaceCatalogueResponse, type Store } from '@sniff/contracts';
import { Button } from '@sniff/ui';
import { useReplaceCatalogueMutation } from '../../shared/api';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

function resultText(r: ReplaceCatalogueResponse): string {
  const skipped = r.rejected_count ? `; ${plural(r.rejected_count, 'row', 'rows')} left out` : '';
  return `New catalogue uploaded: ${plural(r.imported, 'product', 'products')} imported${skipped}. Indexing them now.`;
}

/**
 * A catalogue (CSV) store's "upload a new catalogue": the file's products replace the store's, checked by the
 * stores service as at creation; rows left out are listed by line and column, as the wizard lists them.
 */
export function CatalogueUpload({ store }: { store: Store }) {
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  const user = useUser();
  const [send, state] = useReplaceCatalogueMutation();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ReplaceCatalogueResponse | null>(null);

  const choose = (next: File | null) => {
    setFile(next);
    setProblem(next ? catalogueFileProblem(next) : null);
    setResult(null);
    state.reset();
  };
  const upload = async () => {
    if (!file || problem) return;
    const form = new FormData();
    form.append('email', user?.email ?? 'anonymous');
    form.append('store_id', store.id);
    form.append('csv_file', file, file.name);
    try {
      setResult(await send(form).unwrap());
    } catch {
      // shown below from the mutation's state
    }
  };

  return (
    <div className="stores-catalogue">
      <label htmlFor={inputId}>New catalogue (CSV)</label>
      <div className="stores-sync-actions">
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          disabled={state.isLoading}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
        <Button disabled={!file || !!problem || state.isLoading} onClick={() => void upload()}>
          {state.isLoading ? 'Uploading...' : 'Upload catalogue'}
        </Button>
      </div>
      <p id={hintId} className="sniff-muted stores-detail">
        Its products replace this store&apos;s: columns name, description, price, category, image_url, or Shopify&apos;s
        own product export.
      </p>
      {problem && (
        <p id={problemId} role="alert" className="sniff-error">
          {problem}
        </p>
      )}
      {state.isError && (
        <p role="alert" className="sniff-error">
          Upload failed: {errorMessage(state.error)}
        </p>
      )}
      <div role="status">
        {result && (
          <>
            <p className="stores-detail">{resultText(result)}</p>
            {result.rejected.length > 0 && (
              <ul className="stores-rejected">
                {result.rejected.map((r) => (
                  <li key={`${r.row}:${r.column}`}>
                    Row {r.row}, {r.column}: {r.message}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </div>
  );
}
