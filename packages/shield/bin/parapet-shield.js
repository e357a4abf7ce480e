#!/usr/bin/env node
// Runs the built command (packages/shield/dist); `npm run build` produces it.
import '../dist/bin.js';
