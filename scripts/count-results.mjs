// Sums passed and failed tests over the runners' JSON reports (vitest, Playwright) and prints
// "N passed, N failed". A report that is missing counts as one failure: that runner did not finish. Tests skipped
// because what they need was missing (their suite's title says "NOT RUN", e.g. PostgreSQL unreachable, no Chromium for the e2e tests) are named
// by suite before that line, so a run without them says so.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
/** Skipped tests whose suite says it was NOT RUN, counted per suite title. */
const notRun = new Map();
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.log(`${file}: missing (that runner did not run or did not finish)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (typeof report.numPassedTests === 'number') {
    // vitest (jest-compatible JSON)
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) failed += report.numFailedTestSuites;
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        const suite = (test.ancestorTitles ?? []).join(' ');
        if (test.status !== 'passed' && test.status !== 'failed' && suite.includes('NOT RUN'))
          notRun.set(suite, (notRun.get(suite) ?? 0) + 1);
      }
    }
  } else if (report.stats) {
    // Playwright
    // A flaky test failed once and passed on retry: counted as passed, and named by Playwright's list reporter.
    passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
    flaky += report.stats.flaky ?? 0;
    failed += report.stats.unexpected ?? 0;
    skipped += report.stats.skipped ?? 0;
    countNotRunSpecs(report.suites ?? [], []);
    if ((report.errors ?? []).length > 0 && (report.stats.unexpected ?? 0) === 0) failed += report.errors.length;
  } else {
    console.log(`${file}: unknown report format`);
    failed += 1;
  }
}
/** Playwright's suites (files, then describes) nest; a skipped test under a title saying NOT RUN is counted by it. */
function countNotRunSpecs(suites, titles) {
  for (const suite of suites) {
    // A file's suite is titled with the file's name: the describes inside it say why.
    const inside = suite.file && suite.title === suite.file ? titles : [...titles, suite.title];
    const title = inside.join(' ');
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'skipped' && title.includes('NOT RUN')) notRun.set(title, (notRun.get(title) ?? 0) + 1);
    countNotRunSpecs(suite.suites ?? [], inside);
  }
}

if (flaky > 0) console.log(`${flaky} flaky: failed first, passed on their retry (named "flaky" in the e2e list above)`);
for (const [suite, n] of notRun) console.log(`${n} skipped: ${suite}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
