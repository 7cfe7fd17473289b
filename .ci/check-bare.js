// Asserts the bare-machine run (PATH without go, gopls, clangd*, rust-analyzer, ccls, pylsp, intelephense; CI=false) was green
// with the expected skips: no failure, the suites of those servers skipped entirely, and the loud skip message
// printed for each missing server. Usage: node .ci/check-bare.js <vitest json> <captured stdout+stderr>
import { readFileSync } from 'node:fs';
import { listFailures } from './list-failures.js';

const [jsonPath, logPath] = process.argv.slice(2);
const report = JSON.parse(readFileSync(jsonPath, 'utf8'));
const log = readFileSync(logPath, 'utf8');
const problems = [];
if (report.numFailedTests !== 0 || report.numFailedTestSuites !== 0)
  problems.push(`${report.numFailedTests} test(s) / ${report.numFailedTestSuites} file(s) failed`);
listFailures(report);
const EXPECT_ALL_SKIPPED = [
  /test\/lsp\/server-go\.test\.ts$/,
  /test\/lsp\/server-c\.test\.ts$/,
  /test\/lsp\/server-rust\.test\.ts$/,
  /test\/lsp\/server-ccls\.test\.ts$/,
  /test\/lsp\/server-pylsp\.test\.ts$/,
  /test\/lsp\/server-php\.test\.ts$/,
  /test\/ops\/rust-crate\.test\.ts$/,
];
for (const pattern of EXPECT_ALL_SKIPPED) {
  const file = report.testResults.find((r) => pattern.test(r.name));
  if (file === undefined) {
    problems.push(`no results for ${pattern}`);
    continue;
  }
  const ran = file.assertionResults.filter((a) => a.status !== 'pending' && a.status !== 'skipped');
  if (file.assertionResults.length === 0 || ran.length > 0)
    problems.push(`${file.name}: expected every test skipped, ${ran.length} ran`);
}
for (const server of ['gopls', 'clangd', 'rust-analyzer', 'ccls', 'pylsp', 'Intelephense'])
  if (!new RegExp(`SKIPPING[^\\n]*${server} is not installed`).test(log))
    problems.push(`no loud skip message for ${server}`);
const skipped = report.numPendingTests + (report.numTodoTests ?? 0);
if (skipped === 0) problems.push('nothing was skipped');
console.log(
  `bare machine: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped` +
    (problems.length ? ` — NOT OK: ${problems.join('; ')}` : ' — ok'),
);
process.exit(problems.length ? 1 : 0);
