import { useState } from 'react';
import { useUser } from '@sniff/shell-sdk';
import { squarespaceCreateRequestSchema, type CreateStoreResponse } from '@sniff/contracts';
import { creationFailure } from '../failures';
import { useCreateSquarespaceMutation } from '../../../shared/api';
import { apiErrorOf, fieldMessage } from '../../../shared/api-error';
import type { SquarespaceErrors, SquarespaceForm } from '../steps/ConnectSquarespaceStep';
import type { StoreInfo } from '../store-info';

/** The request fields shown on the form, by the form's own names. */
const FORM_FIELDS: Record<string, keyof SquarespaceErrors> = {
  developer_api_key: 'developerApiKey',
  sitemap_url: 'sitemapUrl',
};

export type SquarespaceOutcome =
  | { kind: 'created'; created: CreateStoreResponse }
  /** The form says what to fix; the owner stays on step 3 (nothing was created). */
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string };

/**
 * "Connect Squarespace": the form is checked with the contract's own schema first, then sent. A 4xx
 * about the key or the sitemap lands on that field; other failures are the caller's failure view.
 */
export function useSquarespaceConnect(info: StoreInfo, form: SquarespaceForm) {
  const user = useUser();
  const [create, state] = useCreateSquarespaceMutation();
  const [errors, setErrors] = useState<SquarespaceErrors>({});

  const connect = async (): Promise<SquarespaceOutcome> => {
    const blog = form.storeType === 'blog';
    const parsed = squarespaceCreateRequestSchema.safeParse({
      store_name: info.storeName,
      store_url: info.storeUrl,
      store_nickname: info.storeNickname.trim() || undefined,
      platform: 'squarespace',
      store_type: form.storeType,
      search_type: blog ? form.searchType : 'products',
      developer_api_key: form.developerApiKey,
      sitemap_url: blog ? form.sitemapUrl : undefined,
      email: user?.email ?? 'anonymous',
    });
    if (!parsed.success) {
      const found: SquarespaceErrors = {};
      for (const issue of parsed.error.issues) {
        const field = FORM_FIELDS[String(issue.path[0])];
        if (field && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      if (Object.keys(found).length) return { kind: 'invalid' };
      return { kind: 'failed', message: parsed.error.issues[0]?.message ?? 'Invalid request' };
    }
    setErrors({});
    const { email: _email, ...body } = parsed.data;
    try {
      return { kind: 'created', created: await create(body).unwrap() };
    } catch (e) {
      const problem = apiErrorOf(e);
      const field = problem?.field ? FORM_FIELDS[problem.field] : undefined;
      if (problem && field && problem.statusCode >= 400 && problem.statusCode < 500) {
        setErrors({ [field]: fieldMessage(problem) });
        return { kind: 'invalid' };
      }
      return { kind: 'failed', message: creationFailure(e) };
    }
  };

  const change = (next: SquarespaceForm) => {
    // An error goes once its field changes.
    setErrors((prev) => ({
      developerApiKey: next.developerApiKey === form.developerApiKey ? prev.developerApiKey : undefined,
      sitemapUrl:
        next.sitemapUrl === form.sitemapUrl && next.storeType === form.storeType ? prev.sitemapUrl : undefined,
    }));
  };

  return { connect, errors, change, connecting: state.isLoading };
}
