/**
 * Every test of the package. `npm test` builds first: workflow tests load the built `dist/` as n8n does.
 *
 * Two projects: `observed` runs every test, with the sandbox answering as the live service's real
 * clients see it; `spec` runs the workflow tests again, with the sandbox answering the spec's shapes.
 * A workflow test is a file that takes its sandbox from the profile harness (useSandboxPerFile or
 * profileUnderTest), so a new one runs against both without being listed here.
 */
const { readdirSync, readFileSync } = require('fs');
const { join, relative } = require('path');

const TEST_ROOT = join(__dirname, 'test');
const PROFILE_HARNESS = /\buseSandboxPerFile\(|\bprofileUnderTest\(\)/;

function testFiles(folder) {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return testFiles(path);
		return entry.name.endsWith('.test.ts') ? [path] : [];
	});
}

const workflowTests = testFiles(TEST_ROOT)
	.filter((path) => PROFILE_HARNESS.test(readFileSync(path, 'utf8')))
	.map((path) => `<rootDir>/${relative(__dirname, path)}`);

const shared = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	transform: {
		// Transpile only: type errors are caught by `npm run typecheck`, which keeps jest fast on two cores.
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }],
	},
};

module.exports = {
	testTimeout: 30000,
	projects: [
		{
			...shared,
			displayName: 'observed',
			testMatch: ['**/*.test.ts'],
			setupFiles: [
				'<rootDir>/test/harness/setupEnv.ts',
				'<rootDir>/test/harness/profileObserved.ts',
			],
		},
		{
			...shared,
			displayName: 'spec',
			testMatch: workflowTests,
			setupFiles: ['<rootDir>/test/harness/setupEnv.ts', '<rootDir>/test/harness/profileSpec.ts'],
		},
	],
};
