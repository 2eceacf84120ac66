import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * useNavigate's function, but one that never changes. The declarative router's navigate changes with
 * every location, and the platform (registered with it) would then be registered anew, re-rendering
 * every remote, on each navigation.
 */
export function useStableNavigate(): (path: string) => void {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  latest.current = navigate;
  return useCallback((path: string) => void latest.current(path), []);
}
