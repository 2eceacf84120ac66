import { useLayoutEffect, useState, type ReactNode } from 'react';
import { registerPlatform, type Injectable, type Theme } from '@sniff/shell-sdk';
import type { RuntimeConfig } from '../shared/config';
import { chooseTheme, initialTheme } from '../theme/theme';
import { createPublicPlatform } from './public-platform';
import { useStableNavigate } from '../shared/use-stable-navigate';

interface Props {
  config: RuntimeConfig;
  inject: (part: Injectable) => void;
  children: ReactNode;
}

/**
 * The public pages' counterpart of PlatformBridge (which needs Auth0): registers the visitor's
 * platform with the theme and the router's navigation. Renders its children only, so a
 * pre-rendered page hydrates into the same tree.
 */
export function PublicPlatform({ config, inject, children }: Props) {
  const navigate = useStableNavigate();
  const [theme, setTheme] = useState<Theme>(() => initialTheme());

  useLayoutEffect(() => {
    registerPlatform(
      createPublicPlatform({
        config,
        inject,
        theme,
        setTheme: (next) => {
          chooseTheme(next);
          setTheme(next);
        },
        navigate: (path) => navigate(path),
      }),
    );
  }, [config, inject, theme, navigate]);

  return <>{children}</>;
}
