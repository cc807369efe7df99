import { createContext, useContext } from 'react';

/**
 * The console's preview of a draft (docs/editing.md#how-a-version-is-published): the server's render served with no
 * script at all, so what opens on a tap in the page (the FAQ's answers) opens without one there.
 */
export const PreviewContext = createContext(false);

export const useIsPreview = () => useContext(PreviewContext);
