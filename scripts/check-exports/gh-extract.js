// Reads one exported file with github-action-benchmark's own extractor (dist/src/extract.js of the release named by
// scripts/check-exports.sh) and prints what the action would store: [{name, value, unit}, ...] as JSON.
// usage: node gh-extract.js ACTION_DIR TOOL FILE   (TOOL: jmh, customSmallerIsBetter, cargo)
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');

const [actionDir, tool, file] = process.argv.slice(2);
// the action takes the commit from the workflow event; a fixed one stands in for it
const eventDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-extract-'));
const event = path.join(eventDir, 'event.json');
fs.writeFileSync(event, JSON.stringify({ head_commit: { id: '0'.repeat(40), message: 'check', url: 'x' } }));
process.env.GITHUB_EVENT_PATH = event;
const { extractResult } = require(path.resolve(actionDir, 'dist/src/extract.js'));
extractResult({ outputFilePath: file, tool })
  .then((r) => {
    console.log(JSON.stringify(r.benches.map((b) => ({ name: b.name, value: b.value, unit: b.unit }))));
  })
  .catch((e) => {
    console.error(`gh-extract: ${tool} refused ${file}: ${e.message.split('\n')[0]}`);
    console.log('null');
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(eventDir, { recursive: true, force: true }));
