/** The hashed folder of the country flags, set by build.mjs (and vitest.config.ts). */
declare const __FLAGS__: string;
