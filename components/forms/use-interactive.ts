import { useEffect, useSyncExternalStore, type RefObject } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and until React runs in the page, then true: until then, submitting would only
 * reload the page (or post it without JavaScript), so a form's button waits for it.
 */
export function useInteractive(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A new problem's alert (`role="alert"`, rendered with tabindex="-1") takes the focus when it appears, like
 * an error summary, so keyboard and screen-reader users land on it.
 */
export function useAlertFocus(root: RefObject<HTMLElement | null>, problem: unknown) {
  useEffect(() => {
    if (problem) root.current?.querySelector<HTMLElement>('[role="alert"]')?.focus();
  }, [root, problem]);
}
