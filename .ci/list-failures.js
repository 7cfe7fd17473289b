// Names every failed test of a vitest JSON report (with the first lines of its message), so a red CI run
// says what broke even when only the tail of its output is kept. Usage: node .ci/list-failures.js <json>
import { readFileSync } from 'node:fs';

export function listFailures(report) {
  for (const file of report.testResults) {
    if (file.status === 'failed' && file.message)
      console.log(`FAILED FILE ${file.name}: ${file.message.split('\n').slice(0, 6).join('\n  ')}`);
    for (const test of file.assertionResults.filter((a) => a.status === 'failed')) {
      const first = (test.failureMessages ?? []).join('\n').split('\n').slice(0, 6).join('\n  ');
      console.log(`FAILED ${file.name} > ${test.fullName}\n  ${first}`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  listFailures(JSON.parse(readFileSync(process.argv[2], 'utf8')));
