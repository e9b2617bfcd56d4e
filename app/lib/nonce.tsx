import { createContext, useContext } from 'react';

/** The CSP nonce of this response, for the inline scripts React Router writes. Empty in the browser. */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
