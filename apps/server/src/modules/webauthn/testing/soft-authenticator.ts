import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A platform authenticator in software, for the integration tests (the e2e uses Chromium's virtual one): a P-256
 * key, attestation "none", user presence and verification always set, and a signature counter the test can also
 * set back (a replay). Test helper, not a test file.
 */

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString("base64url");
const uint32 = (value: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
};

export const softAuthenticator = (origin: string) => {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const credentialId = randomBytes(16);
  let counter = 0;
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? "", "base64url")],
      [-3, Buffer.from(jwk.y ?? "", "base64url")],
    ]),
  );
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const base = { id: b64url(credentialId), rawId: b64url(credentialId), type: "public-key" as const };
  return {
    credentialId: b64url(credentialId),
    /** startRegistration()'s answer to the server's options. */
    register: (options: { challenge: string }) => {
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([0x45]), // user present, user verified, attested credential data
        uint32(counter),
        Buffer.alloc(16), // AAGUID: none
        Buffer.from([0, credentialId.length]),
        credentialId,
        Buffer.from(cose),
      ]);
      const attestation = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ["fmt", "none"],
          ["attStmt", new Map<string, string>()],
          ["authData", authData],
        ]),
      );
      return {
        ...base,
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", options.challenge)),
          attestationObject: b64url(attestation),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform" as const,
      };
    },
    /** startAuthentication()'s answer; `counter` sets the signature counter (else it goes up by one). */
    assert: (options: { challenge: string }, set: { counter?: number } = {}) => {
      counter = set.counter ?? counter + 1;
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x05]), uint32(counter)]);
      const data = clientData("webauthn.get", options.challenge);
      const signature = sign("sha256", Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        ...base,
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform" as const,
      };
    },
  };
};
