import { useState } from 'react';
import { errorMessage, useUser } from '@sniff/shell-sdk';
import type { ShopifyCsvResponse } from '@sniff/contracts';
import { useUploadCatalogueMutation } from '../../../shared/api';
import { catalogueFileProblem } from '../catalogue';
import type { StoreInfo } from '../store-info';

export type UploadState = 'idle' | 'uploading' | 'success' | 'error';

export interface CatalogueUpload {
  file: File | null;
  fileError: string | null;
  state: UploadState;
  /** "Upload failed: ..." after a failed upload. */
  error: string | null;
  result: ShopifyCsvResponse | null;
  choose(file: File | null): void;
  upload(): Promise<void>;
}

/**
 * Section 4's catalogue upload: idle, uploading, success (for good) or error (retry allowed). The
 * form's text fields go first and the file last, so the server can check them before reading it.
 */
export function useCatalogueUpload(info: StoreInfo): CatalogueUpload {
  const user = useUser();
  const [send] = useUploadCatalogueMutation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [state, setState] = useState<UploadState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ShopifyCsvResponse | null>(null);

  const choose = (next: File | null) => {
    if (state === 'uploading' || state === 'success') return;
    setFile(next);
    setFileError(next ? catalogueFileProblem(next) : null);
    setError(null);
    setState('idle');
  };

  const upload = async () => {
    if (!file || fileError || state === 'uploading' || state === 'success') return;
    const form = new FormData();
    form.append('email', user?.email ?? 'anonymous');
    form.append('store_name', info.storeName.trim());
    const nickname = info.storeNickname.trim();
    if (nickname) form.append('store_nickname', nickname);
    form.append('store_url', info.storeName.trim());
    form.append('platform', 'shopify');
    form.append('csv_file', file, file.name);
    setState('uploading');
    setError(null);
    try {
      setResult(await send(form).unwrap());
      setState('success');
    } catch (e) {
      setError(`Upload failed: ${errorMessage(e)}`);
      setState('error');
    }
  };

  return { file, fileError, state, error, result, choose, upload };
}
