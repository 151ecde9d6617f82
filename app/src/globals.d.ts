/** The hashed folder of the country flags, set by build.mjs (and vitest.config.ts). */
declare const __FLAGS__: string;
/** True in the server's bundle, false in the browser's (build.mjs; vitest.config.ts tests the
 * server's side): code only the server needs is dropped from what a phone downloads. */
declare const __SERVER__: boolean;
