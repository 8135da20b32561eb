import v8 from "node:v8";

/**
 * V8's settings for the server process, set before any of its modules runs (main.ts imports this first).
 *
 * Allocation-site pretenuring off. V8 watches each place in the code that makes objects; when most of a place's
 * objects outlive a young-generation collection, it makes that place's later objects in the old generation
 * directly, and in practice it keeps that choice. A burst in which requests wait (a cold start under load, a slow
 * disk for a few seconds) makes a request's objects outlive a collection, so the places that make the pg rows, the
 * parsed bodies and the request contexts were moved to the old generation and stayed there: at 1,000 card
 * decisions a second the old generation then grew by about 1.1 MB a second of garbage, and a full collection (10 to
 * 24 ms with every request stopped) came every 13 s. With pretenuring off the same load grew it by 0.08 MB a second:
 * 2 full collections in 90 s instead of 9, and 20% less time in young collections (docs/balances.md, "The server's
 * garbage"). Objects that do live long still reach the old generation, by surviving two young collections.
 */
v8.setFlagsFromString("--no-allocation-site-pretenuring");
