/**
 * Every example's sticky note is a few lines a user reads at a glance on the canvas (at most
 * MOST_STICKY_LINES as n8n draws them, stickyLines.ts), in plain words: no file paths, no
 * commands of this repository, no words of its code. The end-to-end test (realN8n.e2e.test.ts)
 * counts the lines n8n really draws and checks that no note sits under the canvas's buttons.
 */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import { EXAMPLES_DIR } from '../../scripts/n8nRuntime/paths';
import { charactersPerLine, MOST_STICKY_LINES, shownText, stickyLines } from './stickyLines';

interface Sticky {
	name: string;
	parameters: { content: string; width: number; height: number };
}

const stickies = readdirSync(EXAMPLES_DIR)
	.filter((name) => name.endsWith('.json'))
	.flatMap((file) => {
		const workflow = JSON.parse(readFileSync(join(EXAMPLES_DIR, file), 'utf8')) as {
			nodes: Array<Sticky & { type: string }>;
		};
		return workflow.nodes
			.filter((node) => node.type === 'n8n-nodes-base.stickyNote')
			.map((node) => ({ file, note: node as Sticky }));
	});

describe("the examples' sticky notes", () => {
	it('every example has one', () => {
		const files = readdirSync(EXAMPLES_DIR).filter((name) => name.endsWith('.json'));
		expect([...new Set(stickies.map(({ file }) => file))]).toEqual(files);
	});

	it.each(stickies.map(({ file, note }) => [file, note.parameters]))(
		`%s: at most ${MOST_STICKY_LINES} lines as n8n shows them`,
		(_file, { content, width }) => {
			expect(stickyLines(content, width)).toBeLessThanOrEqual(MOST_STICKY_LINES);
		},
	);

	it.each(stickies.map(({ file, note }) => [file, note.parameters.content]))(
		'%s: plain words, no file paths, commands or words of the code',
		(_file, content) => {
			expect(content).not.toMatch(/\b[\w-]+\.(json|ts|js|md)\b/);
			expect(content).not.toMatch(/\bnpm (start|run|test)\b|_sandbox\/|\bidempotency\b/i);
			expect(content).not.toMatch(/\$fromAI|\$tool\.|\boutcome\b|\bReference\b/);
		},
	);
});

describe('the line count of a note', () => {
	it('wraps a line at the characters its width holds, the heading in its larger type', () => {
		const perLine = charactersPerLine(480);
		expect(perLine).toBe(60);
		expect(stickyLines('a'.repeat(perLine), 480)).toBe(1);
		expect(stickyLines('a'.repeat(perLine + 1), 480)).toBe(2);
		// 24 px bold holds 33 characters at this width, not 60.
		expect(stickyLines(`## ${'a'.repeat(40)}`, 480)).toBe(2);
		expect(stickyLines('## Payout\nOne line.\n\nAnother.', 480)).toBe(3);
		// A list item is indented: the same text wraps sooner.
		expect(stickyLines(`1. ${'a'.repeat(perLine - 1)}`, 480)).toBe(2);
	});

	it('counts the text shown, not the marks of emphasis, code or links', () => {
		expect(shownText('**Pay** *Tool* `payment_outcome` [the docs](https://docs.n8n.io/)')).toBe(
			'Pay Tool payment_outcome the docs',
		);
	});
});
