import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { hasOauthReturn, readOauthReturn, withoutOauthParams, type OauthReturn } from '../oauth-return';

/**
 * Back from Shopify by redirect (popups blocked): the result is in the query string. It is read once,
 * when the wizard opens, and taken out of the address so a reload starts afresh.
 */
export function useOauthReturn(): OauthReturn | null {
  const navigate = useNavigate();
  const location = useLocation();
  const [returned] = useState(() => readOauthReturn(location.search));
  useEffect(() => {
    if (hasOauthReturn(location.search))
      navigate({ pathname: location.pathname, search: withoutOauthParams(location.search) }, { replace: true });
  }, [location.pathname, location.search, navigate]);
  return returned;
}
