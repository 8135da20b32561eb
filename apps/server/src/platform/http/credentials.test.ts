import { describe, expect, it } from "vitest";
import { basicAuthToken, requestOrigin } from "./headers.ts";

const basic = (text: string) => ({ authorization: `Basic ${Buffer.from(text).toString("base64")}` });

describe("basicAuthToken", () => {
  it("reads the token as the user name, with or without a password", () => {
    expect(basicAuthToken(basic("abc_DEF-123:"))).toBe("abc_DEF-123");
    expect(basicAuthToken(basic("abc:ignored"))).toBe("abc");
    expect(basicAuthToken(basic("abc"))).toBe("abc");
  });

  it("ignores Bearer, empty and malformed credentials", () => {
    expect(basicAuthToken({ authorization: "Bearer abc" })).toBeUndefined();
    expect(basicAuthToken(basic(":password"))).toBeUndefined();
    expect(basicAuthToken({ authorization: "Basic !!!" })).toBeUndefined();
    expect(basicAuthToken({})).toBeUndefined();
  });
});

describe("requestOrigin", () => {
  it("builds the origin from a plain host name or address with a port", () => {
    expect(requestOrigin({ host: "kort.is" }, "https")).toBe("https://kort.is");
    expect(requestOrigin({ host: "Localhost:5173" }, "http")).toBe("http://localhost:5173");
    expect(requestOrigin({ host: "192.168.1.20:3000" }, "http")).toBe("http://192.168.1.20:3000");
    expect(requestOrigin({ host: "[::1]:3000" }, "http")).toBe("http://[::1]:3000");
  });

  it("refuses anything that could carry a path, credentials or a second host", () => {
    for (const host of ["evil.example/x", "a@evil.example", "kort.is:99999", "kort.is, evil.example", "", "-bad.is"]) {
      expect(requestOrigin({ host }, "http")).toBeUndefined();
    }
    expect(requestOrigin({}, "http")).toBeUndefined();
    expect(requestOrigin({ host: "kort.is" }, "ftp")).toBeUndefined();
  });
});
