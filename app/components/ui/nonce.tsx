import { createContext, useContext } from "react";

/** The CSP nonce of the current document. In the browser it reads as "" (browsers hide nonces). */
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
