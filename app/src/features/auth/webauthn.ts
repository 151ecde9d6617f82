// The browser half of a passkey ceremony: the server's JSON options in, the credential's
// JSON out (WebAuthn Level 3 JSON helpers, in Chromium, Safari and Firefox since 2024/25).

import { useEffect, useState } from "react";

/**
 * Whether this browser can use passkeys. Known only after hydration: the server render and the
 * first client render must agree, so it starts false and is checked in an effect.
 */
export function usePasskeysSupported(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(passkeysSupported()), []);
  return supported;
}

function passkeysSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    typeof window.PublicKeyCredential !== "undefined" &&
    typeof PublicKeyCredential.parseRequestOptionsFromJSON === "function"
  );
}

export async function getPasskey(options: PublicKeyCredentialRequestOptionsJSON): Promise<unknown> {
  const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(options);
  const credential = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential | null;
  if (!credential) throw new Error("No passkey was chosen");
  return credential.toJSON();
}

export async function createPasskey(options: PublicKeyCredentialCreationOptionsJSON): Promise<unknown> {
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(options);
  const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential | null;
  if (!credential) throw new Error("No passkey was created");
  return credential.toJSON();
}
