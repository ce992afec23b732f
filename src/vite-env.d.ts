/// <reference types="vite/client" />
/** Content hash of the client sources, injected at build time (see scripts/build.ts). */
declare const __BUILD_ID__: string;
