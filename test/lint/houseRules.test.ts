/**
 * The house rules of CONTRIBUTING.md, kept by eslint over every TypeScript file: no function over
 * 60 lines (a `describe` callback is a list of tests, not a function anyone follows: exempt; each
 * test inside it counts), no line over 100 columns with a tab as 2 (comments too; a string stays
 * whole so that a message can be found by searching for it), no file in nodes/ over 200 lines.
 * Each case lints a text through the house rules' config, as if it were the file named; all
 * of them in one eslint process (loading the config takes seconds).
 */
import { errors, lintEach } from './lintText';

const probes: Array<{ text: string; fileName: string }> = [];
let linted: Array<Array<string | null>> = [];

/** A text to lint as the file named: its errors' rules, once the file's texts are linted. */
function probe(text: string, fileName: string): () => Array<string | null> {
	const index = probes.push({ text, fileName }) - 1;
	return () => linted[index];
}

beforeAll(() => {
	linted = lintEach(probes).map(errors);
}, 180_000);

/** `count` lines that lint clean on their own, each indented by `indent`. */
const statements = (count: number, indent: string) =>
	Array.from({ length: count }, (_, index) => `${indent}values.push(${index});`);

/** A function of exactly `lines` lines, from its signature to its closing brace. */
const functionOf = (lines: number) =>
	['export function fill(values: number[]): void {', ...statements(lines - 2, '\t'), '}', ''].join(
		'\n',
	);

/** A test file whose `it` body is exactly `lines` lines long, inside a describe block. */
const testOf = (lines: number) =>
	[
		"describe('a module', () => {",
		'\tconst values: number[] = [];',
		"\tit('does something', () => {",
		...statements(lines - 2, '\t\t'),
		'\t});',
		'});',
		'',
	].join('\n');

/** A callback of exactly `lines` lines, `opening` its first line, holding one-line tests. */
const describeOf = (opening: string, lines: number) =>
	[
		opening,
		...Array.from(
			{ length: lines - 2 },
			(_, index) => `\tit('case ${index}', () => expect(${index}).toBe(${index}));`,
		),
		'});',
		'',
	].join('\n');

/** A line comment exactly `columns` wide, a tab counted as 2. */
const commentOf = (columns: number, indent = '') =>
	`${indent}// ${'x'.repeat(columns - indent.length * 2 - 3)}\n`;

const NODE_FILE = 'nodes/Pay/lintProbe.ts';
const TEST_FILE = 'test/nodes/Pay/lintProbe.test.ts';

describe('no function over 60 lines', () => {
	const nodeFunction = {
		61: probe(functionOf(61), NODE_FILE),
		60: probe(functionOf(60), NODE_FILE),
	};
	const itBody = { 61: probe(testOf(61), TEST_FILE), 60: probe(testOf(60), TEST_FILE) };
	const describeBlock = probe(describeOf("describe('a module', () => {", 80), TEST_FILE);
	const describeEach = probe(
		describeOf(
			"describe.each([{ profile: 'spec' }, { profile: 'observed' }])('$profile', () => {",
			80,
		),
		TEST_FILE,
	);
	const otherCallback = probe(describeOf("suite('a module', () => {", 80), TEST_FILE);

	it('in nodes/: 61 lines is an error, 60 is not', () => {
		expect(nodeFunction[61]()).toEqual(['house/max-lines-per-function']);
		expect(nodeFunction[60]()).toEqual([]);
	});

	it('in a test, an `it` body of 61 lines is an error, 60 is not', () => {
		expect(itBody[61]()).toEqual(['house/max-lines-per-function']);
		expect(itBody[60]()).toEqual([]);
	});

	it('a describe callback of 80 lines is not, nor one handed to describe.each(…)(…)', () => {
		expect(describeBlock()).toEqual([]);
		expect(describeEach()).toEqual([]);
	});

	it('a callback of 80 lines handed to anything else than describe is', () => {
		expect(otherCallback()).toEqual(['house/max-lines-per-function']);
	});
});

describe('no line over 100 columns, a tab counted as 2', () => {
	const files = [NODE_FILE, TEST_FILE, 'bench/lintProbe.ts', 'sandbox/lintProbe.ts'];
	const comments = files.map((file) => ({
		101: probe(commentOf(101), file),
		100: probe(commentOf(100), file),
	}));
	const inFunction = (comment: string) => `export function f(): void {\n${comment}}\n`;
	const tabbed = {
		101: probe(inFunction(commentOf(101, '\t')), NODE_FILE),
		100: probe(inFunction(commentOf(100, '\t')), NODE_FILE),
	};
	const message = `refused: ${'the service said no, '.repeat(8)}`;
	const longString = probe(`export const message = '${message}';\n`, NODE_FILE);
	const longTemplate = probe(
		`export const shown = (n: number) => \`${message} \${n}\`;\n`,
		NODE_FILE,
	);

	it('a comment of 101 columns is an error, of 100 is not, in any TypeScript file', () => {
		for (const comment of comments) {
			expect(comment[101]()).toEqual(['max-len']);
			expect(comment[100]()).toEqual([]);
		}
	});

	it('a tab counts 2 columns: a tabbed comment of 100 characters is 101 columns', () => {
		expect(tabbed[101]()).toEqual(['max-len']);
		expect(tabbed[100]()).toEqual([]);
	});

	it('a long string or template literal is not: a message stays whole, to be found by search', () => {
		expect(message.length).toBeGreaterThan(100);
		expect(longString()).toEqual([]);
		expect(longTemplate()).toEqual([]);
	});
});

describe('no file in nodes/ over 200 lines', () => {
	const fileOf = (lines: number) =>
		Array.from({ length: lines }, (_, index) => `export const value${index} = ${index};`).join(
			'\n',
		) + '\n';
	const nodes = { 201: probe(fileOf(201), NODE_FILE), 200: probe(fileOf(200), NODE_FILE) };
	const elsewhere = probe(fileOf(201), TEST_FILE);

	it('201 lines is an error, 200 is not; outside nodes/ 201 is not', () => {
		expect(nodes[201]()).toEqual(['max-lines']);
		expect(nodes[200]()).toEqual([]);
		expect(elsewhere()).toEqual([]);
	});
});
