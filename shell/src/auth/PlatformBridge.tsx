import { useLayoutEffect, useState, type ReactNode } from 'react';
import { useAuth0 } from '@auth0/auth0-react';
import { errorMessage, registerPlatform, type Injectable, type Payments, type Theme } from '@sniff/shell-sdk';
import { useUserInfoQuery } from '@sniff/shell-sdk/shared-data';
import { useNavigation } from '../navigation/NavigationProvider';
import { chooseTheme, initialTheme } from '../theme/theme';
import { redirectOptions } from './auth0-options';
import { useStableNavigate } from '../shared/use-stable-navigate';

interface Props {
  apiBaseUrl: string;
  widgetHost: string;
  inject: (part: Injectable) => void;
  /** The payment provider's state (PaymentsRoot). */
  payments: Payments;
  children: ReactNode;
}

/**
 * Keeps the sdk's Platform in step with Auth0, the owner's plans and the theme. Registered in a
 * layout effect, so it is current before any remote page's effects run.
 */
export function PlatformBridge({ apiBaseUrl, widgetHost, inject, payments, children }: Props) {
  const auth = useAuth0();
  const navigate = useStableNavigate();
  const [theme, setTheme] = useState<Theme>(() => initialTheme());
  const info = useUserInfoQuery(undefined, { skip: !auth.isAuthenticated });
  const { navigation } = useNavigation();
  const { user, isAuthenticated, getAccessTokenSilently, loginWithRedirect, logout } = auth;

  useLayoutEffect(() => {
    registerPlatform({
      getAccessToken: async () => {
        const token = await getAccessTokenSilently();
        if (!token) throw new Error('Not signed in');
        return token;
      },
      user:
        isAuthenticated && user?.sub
          ? { sub: user.sub, name: user.name ?? user.email ?? 'Owner', email: user.email ?? '' }
          : null,
      // Unknown (null) while loading or after a failed lookup: never the free plan by mistake.
      plans: info.data?.plans ?? null,
      plansError: info.isError ? errorMessage(info.error) : null,
      theme,
      setTheme: (next) => {
        chooseTheme(next);
        setTheme(next);
      },
      navigate: (path) => navigate(path),
      resolveDestination: (name) => navigation?.destinations.get(name) ?? null,
      payments,
      apiBaseUrl,
      widgetHost,
      inject,
      signIn: (options) => void loginWithRedirect(redirectOptions(options)),
      signOut: () => void logout({ logoutParams: { returnTo: window.location.origin } }),
    });
  }, [
    user,
    isAuthenticated,
    getAccessTokenSilently,
    loginWithRedirect,
    logout,
    info.data,
    info.isError,
    info.error,
    theme,
    navigate,
    navigation,
    payments,
    apiBaseUrl,
    widgetHost,
    inject,
  ]);

  return <>{children}</>;
}
