import { createCipheriv, createECDH, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { AppError } from "../../platform/errors.ts";

/**
 * The wallet provisioning adapter (spec 7, "provision" for each of the two phone makers' wallets). Its shape is
 * the one both wallets' in-app provisioning uses, so a real network token service can replace it behind the
 * same answer:
 *
 * - `ephemeral_public_key`: a fresh ECDH P-256 key pair is made for every request; this is its public half, the
 *   uncompressed point, base64.
 * - `encrypted_pass_data`: the card data (`{pan, expiry_month, expiry_year, cardholder_name, nonce}` as JSON)
 *   encrypted with AES-256-GCM under a key derived (HKDF-SHA256, info `kort wallet pass v1 <wallet>`) from the
 *   ECDH secret of the ephemeral key and the wallet's public key; base64 of `IV (12) | tag (16) | ciphertext`.
 * - `activation_data`: HMAC-SHA256 of the card id and nonce under a second key derived from the same secret
 *   (info `kort wallet activation v1 <wallet>`), base64: the wallet proves with it that the pass came from us.
 *
 * The wallet's public key comes with the request (`public_key`, a raw P-256 point in base64); without one the demo
 * wallet's key, made when the server starts, stands in, as no phone is there to receive the pass.
 */
export type Wallet = "apple" | "google";

export type PassCard = {
  cardId: string;
  pan: string;
  expiryMonth: number;
  expiryYear: number;
  cardholderName: string;
};

export type ProvisioningPayload = {
  activation_data: string;
  encrypted_pass_data: string;
  ephemeral_public_key: string;
};

const CURVE = "prime256v1";
const demoWallet = createECDH(CURVE);
demoWallet.generateKeys();

/** The demo wallet's public key (base64 raw point): tests and the demo use it to stand in for a phone. */
export const demoWalletPublicKey = (): string => demoWallet.getPublicKey("base64");

const derive = (secret: Buffer, info: string): Buffer =>
  Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), info, 32));

const sharedSecret = (ephemeral: ReturnType<typeof createECDH>, walletKey: Buffer): Buffer => {
  try {
    return ephemeral.computeSecret(walletKey);
  } catch {
    throw new AppError("VALIDATION_FAILED", "The wallet's public key is not a P-256 point.", {
      issues: [{ path: "public_key", code: "custom", message: "Not a P-256 point." }],
    });
  }
};

export const buildProvisioningPayload = (
  wallet: Wallet,
  card: PassCard,
  request: { publicKey?: string | undefined; nonce?: string | undefined },
): ProvisioningPayload => {
  const walletKey = Buffer.from(request.publicKey ?? demoWalletPublicKey(), "base64");
  const ephemeral = createECDH(CURVE);
  ephemeral.generateKeys();
  const secret = sharedSecret(ephemeral, walletKey);
  const nonce = request.nonce ?? randomBytes(16).toString("base64");
  const passKey = derive(secret, `kort wallet pass v1 ${wallet}`);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", passKey, iv);
  const plaintext = JSON.stringify({
    pan: card.pan,
    expiry_month: card.expiryMonth,
    expiry_year: card.expiryYear,
    cardholder_name: card.cardholderName,
    nonce,
  });
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const activation = createHmac("sha256", derive(secret, `kort wallet activation v1 ${wallet}`))
    .update(`${card.cardId}:${nonce}`)
    .digest("base64");
  return {
    activation_data: activation,
    encrypted_pass_data: Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64"),
    ephemeral_public_key: ephemeral.getPublicKey("base64"),
  };
};
