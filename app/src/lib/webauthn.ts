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

// The options arrive as plain JSON objects: the browser's own parser is their check at this
// edge (it throws on anything that is not valid WebAuthn JSON).
export async function getPasskey(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(
    options as unknown as PublicKeyCredentialRequestOptionsJSON,
  );
  const credential = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential | null;
  if (!credential) throw new Error("No passkey was chosen");
  return credential.toJSON() as unknown as Record<string, unknown>;
}

export async function createPasskey(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(
    options as unknown as PublicKeyCredentialCreationOptionsJSON,
  );
  const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential | null;
  if (!credential) throw new Error("No passkey was created");
  return credential.toJSON() as unknown as Record<string, unknown>;
}
