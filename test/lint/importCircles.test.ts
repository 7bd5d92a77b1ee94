/**
 * No import circle in nodes/ or credentials/ (CONTRIBUTING.md, "Layout"), kept by eslint
 * (eslint/importCircles.mjs): a file that reaches itself through its imports is an error of
 * `npm run lint`, a type-only import included. Each case lints a text as if it were the file named,
 * against the other files as they stand on disk; the first two are the package's two circles as
 * they were before issue 57 broke them.
 */
import { errors, lintEach } from './lintText';

/** A file that imports `name` from `from` and hands it on, so nothing else is wrong with it. */
const importing = (from: string, name: string, kind: 'type' | 'value') =>
	kind === 'type'
		? `import type { ${name} } from '${from}';\n\nexport type { ${name} };\n`
		: `import { ${name} } from '${from}';\n\nexport const handedOn = ${name};\n`;

const cases: Array<[string, string, string, 'type' | 'value', 'refused' | 'allowed']> = [
	// errorFacts.ts → failureMeaning.ts → errorFacts.ts (and on through earlierSend.ts).
	[
		'nodes/shared/transport/terms/errorFacts.ts',
		'../meaning/failureMeaning',
		'FailureKind',
		'type',
		'refused',
	],
	// waitKind.ts ↔ resumedItems.ts, types only both ways.
	['nodes/Pay/waiting/waitKind.ts', './resumedItems', 'resumedItems', 'type', 'refused'],
	[
		'nodes/shared/transport/terms/outcomes.ts',
		'../meaning/failureMeaning',
		'kindOf',
		'value',
		'refused',
	],
	// Longer: the claim reaches the table through apiError.ts; the table must not reach back.
	[
		'nodes/shared/transport/meaning/failureMeaning.ts',
		'../neverTwice/referenceClaim',
		'claimReference',
		'value',
		'refused',
	],
	[
		'nodes/shared/transport/meaning/failureMeaning.ts',
		'../terms/outcomes',
		'OUTCOMES',
		'value',
		'allowed',
	],
	['nodes/Pay/waiting/resumedItems.ts', './waitKind', 'WaitKind', 'type', 'allowed'],
	['nodes/shared/transport/probe.ts', './request', 'payApiRequest', 'value', 'allowed'],
];

let linted: Array<Array<string | null>> = [];

beforeAll(() => {
	linted = lintEach(
		cases.map(([fileName, from, name, kind]) => ({ fileName, text: importing(from, name, kind) })),
	)
		.map(errors)
		// An import back up a floor or a room is refused by the layout too (folderImports.test.ts).
		.map((rules) => rules.filter((rule) => rule !== 'no-restricted-imports'));
}, 180_000);

describe('import circles', () => {
	it.each(cases.map((entry, index) => [entry[0], entry[1], entry[4], index] as const))(
		'%s importing %s: %s',
		(_file, _from, expected, index) => {
			expect(linted[index]).toEqual(expected === 'refused' ? ['house/no-import-circle'] : []);
		},
	);
});
