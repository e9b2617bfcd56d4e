import { createContext, useContext } from 'react';

/**
 * The CSP nonce of this response, for the scripts and links React Router writes. In the browser it
 * is '' on purpose: browsers hide a rendered nonce (it reads back as ""), so '' hydrates cleanly.
 */
const NonceContext = createContext<string>('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
