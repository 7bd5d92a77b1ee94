/** Every test of the package. `npm test` builds first: workflow tests load the built `dist/` as n8n does. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		// Transpile only: type errors are caught by `npm run typecheck`, which keeps jest fast on two cores.
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }],
	},
	setupFiles: ['<rootDir>/test/harness/setupEnv.ts'],
	testTimeout: 30000,
};
