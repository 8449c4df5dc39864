/**
 * vitest's JSON report (test-results/unit.json, which scripts/count-results.mjs sums) with each test named after the
 * project it ran in: the API suite runs twice, in projects `sqlite` and `postgres` (vitest.config.ts), and the
 * report's own names are the file's and the tests' titles, the same for both runs. Each test gets its project as a
 * first ancestor title (`[postgres] …` in `fullName`), and each file a `project` field. The counts are vitest's.
 */
import { JsonReporter, type JsonTestResults, type TestModule } from 'vitest/node';

export class ProjectJsonReporter extends JsonReporter {
  /** The project of each test module, in the order the report lists its files (the order of `onTestRunEnd`). */
  private projects: string[] = [];

  override onTestRunEnd(testModules: ReadonlyArray<TestModule>): Promise<void> {
    this.projects = testModules.map((m) => m.project.name);
    return super.onTestRunEnd(testModules);
  }

  override writeReport(report: string): Promise<void> {
    const parsed = JSON.parse(report) as JsonTestResults;
    parsed.testResults.forEach((file, i) => {
      const project = this.projects[i];
      if (!project) return;
      Object.assign(file, { project });
      for (const test of file.assertionResults) {
        test.ancestorTitles = [`[${project}]`, ...test.ancestorTitles];
        test.fullName = `[${project}] ${test.fullName}`;
      }
    });
    return super.writeReport(JSON.stringify(parsed));
  }
}
