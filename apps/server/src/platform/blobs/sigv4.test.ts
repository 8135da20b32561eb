import { describe, expect, it } from "vitest";
import { amzDate, EMPTY_PAYLOAD_HASH, encodeS3Path, sha256Hex, signRequest } from "./sigv4.ts";

/**
 * AWS's worked example for S3 with SigV4 in the Authorization header ("Example: GET Object": the first 10 bytes
 * of examplebucket/test.txt on 24 May 2013), with its published intermediate hash and signature.
 */
describe("SigV4 signing", () => {
  it("signs AWS's GET Object example exactly as AWS does", () => {
    const at = new Date("2013-05-24T00:00:00Z");
    const signed = signRequest({
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
      headers: {
        Host: "examplebucket.s3.amazonaws.com",
        Range: "bytes=0-9",
        "x-amz-content-sha256": EMPTY_PAYLOAD_HASH,
        "x-amz-date": amzDate(at),
      },
      payloadHash: EMPTY_PAYLOAD_HASH,
      region: "us-east-1",
      service: "s3",
      accessKeyId: "AKIAIOSFODNN7EXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      at,
    });
    expect(signed.canonicalRequest).toBe(
      [
        "GET",
        "/test.txt",
        "",
        "host:examplebucket.s3.amazonaws.com",
        "range:bytes=0-9",
        "x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "x-amz-date:20130524T000000Z",
        "",
        "host;range;x-amz-content-sha256;x-amz-date",
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      ].join("\n"),
    );
    expect(sha256Hex(signed.canonicalRequest)).toBe("7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972");
    expect(signed.stringToSign.split("\n").slice(0, 3)).toEqual([
      "AWS4-HMAC-SHA256",
      "20130524T000000Z",
      "20130524/us-east-1/s3/aws4_request",
    ]);
    expect(signed.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request," +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date," +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("encodes object paths once, keeping the slashes, and sorts the query", () => {
    expect(encodeS3Path("kort/receipts/a b/þ(1)*.pdf")).toBe("kort/receipts/a%20b/%C3%BE%281%29%2A.pdf");
    const signed = signRequest({
      method: "GET",
      url: new URL("https://s3.example/b?b=2&a=1&a=0"),
      headers: { host: "s3.example", "x-amz-date": "20260101T000000Z" },
      payloadHash: EMPTY_PAYLOAD_HASH,
      region: "us-east-1",
      service: "s3",
      accessKeyId: "A",
      secretAccessKey: "S",
      at: new Date("2026-01-01T00:00:00Z"),
    });
    expect(signed.canonicalRequest.split("\n")[2]).toBe("a=0&a=1&b=2");
  });
});
