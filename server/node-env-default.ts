/**
 * Imported first by server/start.ts: React, Express and Remix read process.env.NODE_ENV themselves,
 * so the documented default (production) must be in process.env before any of them loads —
 * otherwise `npm start` without NODE_ENV rendered every page with React's development build.
 */
process.env.NODE_ENV ??= "production";

export {};
