// Empties dist/ before a build: tsc only adds and overwrites, so a file moved or deleted in the
// source would otherwise stay in dist/, be loaded by the tests and be published by npm.
const { rmSync } = require('fs');
const { join } = require('path');

rmSync(join(__dirname, '..', 'dist'), { recursive: true, force: true });
