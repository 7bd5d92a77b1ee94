/**
 * The walks as CONTRIBUTING.md lists them under "What happens to one item": each between two
 * markers, one line a file in the order measured, with what the file does there
 * (whatEachFileDoes.ts). `npm run docs:walks` writes them; the walk test fails while a list and
 * its measure differ.
 */
import { readdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import { PACKAGE_ROOT } from '../harness/loadPackage';
import { WHAT_EACH_FILE_DOES } from './whatEachFileDoes';

export const CONTRIBUTING = join(PACKAGE_ROOT, 'CONTRIBUTING.md');

/**
 * Set by `npm run docs:walks` (scripts/docs/walks.ts): the folder the test writes the lists it
 * measured to, instead of comparing them with CONTRIBUTING.md (a test never writes into the
 * repository; the script does, once the test passed).
 */
export const WALKS_OUTPUT_VARIABLE = 'PAY_WALKS_OUTPUT';

/** One measured walk, as the test hands it to the script. */
export interface MeasuredWalk {
	walk: string;
	list: string;
}

export function handOver(folder: string, measured: MeasuredWalk): void {
	writeFileSync(
		join(folder, `${encodeURIComponent(measured.walk)}.json`),
		JSON.stringify(measured),
	);
}

export function handedOver(folder: string): MeasuredWalk[] {
	return readdirSync(folder).map(
		(file) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as MeasuredWalk,
	);
}

const WIDTH = 100;

const start = (walk: string) => `<!-- measured walk: ${walk} (npm run docs:walks) -->`;
const END = '<!-- end of the measured walk -->';

/** The files of a walk that have no line in whatEachFileDoes.ts. */
export function undescribed(files: string[]): string[] {
	return files.filter((file) => WHAT_EACH_FILE_DOES[file] === undefined);
}

/** One "- `file`: what it does" line a file, wrapped at the page's width. */
export function walkList(files: string[]): string {
	return files.map((file) => wrapped(`- \`${file}\`: ${WHAT_EACH_FILE_DOES[file]}`)).join('\n');
}

function wrapped(line: string): string {
	const lines: string[] = [];
	let current = '';
	for (const word of line.split(' ')) {
		const next = current === '' ? word : `${current} ${word}`;
		if (next.length > WIDTH && current !== '') {
			lines.push(current);
			current = `  ${word}`;
		} else current = next;
	}
	return [...lines, current].join('\n');
}

function section(text: string, walk: string): { from: number; to: number } {
	const from = text.indexOf(start(walk));
	const to = text.indexOf(END, from);
	if (from < 0 || to < 0) throw new Error(`CONTRIBUTING.md has no markers for the walk "${walk}"`);
	return { from: from + start(walk).length + 1, to };
}

/** The list CONTRIBUTING.md holds for a walk. */
export function walkInContributing(walk: string): string {
	const text = readFileSync(CONTRIBUTING, 'utf8');
	const { from, to } = section(text, walk);
	return text.slice(from, to).trimEnd();
}

/** CONTRIBUTING.md's text with the walk's list between its markers. */
export function withWalk(text: string, { walk, list }: MeasuredWalk): string {
	const { from, to } = section(text, walk);
	return `${text.slice(0, from)}${list}\n${text.slice(to)}`;
}
