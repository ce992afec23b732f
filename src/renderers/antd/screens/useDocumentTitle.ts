import { useEffect } from 'react';
import { APP_TEXT } from '../../../i18n/ui.ts';

/**
 * Sets the tab title of a metadata page. The router's shell sets titles known at route creation; screen
 * titles come from the schema files, loaded with the page, so this runs after the shell (microtask).
 */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    queueMicrotask(() => {
      document.title = `${title} · ${APP_TEXT.name}`;
    });
  }, [title]);
}
