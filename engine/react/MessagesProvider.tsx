import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

interface MessagesChange {
  /** Goes up each time the user's messages change here (one was read). */
  version: number;
  changed: () => void;
}

const MessagesContext = createContext<MessagesChange>({ version: 0, changed: () => {} });

/**
 * Lets what shows the user's messages tell what counts them: the message list reads a message, the header's
 * new-message dot asks the server again, so the dot goes out once everything is read.
 */
export function MessagesProvider({ children }: { children: ReactNode }) {
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((v) => v + 1), []);
  const value = useMemo(() => ({ version, changed }), [version, changed]);
  return <MessagesContext.Provider value={value}>{children}</MessagesContext.Provider>;
}

/** A number that changes when the user's messages changed here (a dependency for re-counting them). */
export function useMessagesVersion(): number {
  return useContext(MessagesContext).version;
}

/** Call after changing the user's messages (e.g. once one is marked read). */
export function useMessagesChanged(): () => void {
  return useContext(MessagesContext).changed;
}
