import { useEffect } from 'react';

/** Keeps the tab title right after in-app navigation (prerendered pages already carry theirs). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
