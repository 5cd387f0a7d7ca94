import path from 'node:path';

/**
 * packages/server, from this source file (src/paths.ts) or from the built server (dist/main.mjs, one bundle): both sit
 * one folder below it, so files the server reads at run time (migrations, the print agent) are found from either.
 */
export const SERVER_DIR = path.resolve(import.meta.dirname, '..');
