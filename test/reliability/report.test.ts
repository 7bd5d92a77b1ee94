/**
 * docs/RELIABILITY.md as the fault matrix renders it: a duplicate is red, an unchanged text is not
 * rewritten, and a committed document that is not what a run found is told, line and all.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { firstDifference, isDuplicate, reliabilityReport, writeIfChanged } from './report';
import type { MatrixCell } from './report';

const cell = (fault: string, changes: Partial<MatrixCell> = {}): MatrixCell => ({
	operation: 'Transfer → Send',
	fault,
	movesMoney: true,
	outcome: 'unknown reported',
	received: 1,
	carriedOut: 1,
	secretLeaked: false,
	message: 'Outcome unknown',
	resolvedBy: '',
	second: { outcome: 'already_sent', resolvedBy: '', received: 0, carriedOut: 1, message: '' },
	passed: true,
	...changes,
});

describe('the reliability report', () => {
	it('marks a cell carried out twice over both executions red, and one that broke another rule', () => {
		const twice = cell('500', {
			second: { outcome: 'ok', resolvedBy: '', received: 1, carriedOut: 2, message: '' },
			passed: false,
		});
		const refused = cell('timeout', {
			second: { outcome: 'refused', resolvedBy: '', received: 1, carriedOut: 1, message: 'x' },
			passed: false,
		});
		const fine = cell('HTML body', {
			outcome: 'sent',
			resolvedBy: 'GET /send/',
		});
		expect([twice, refused, fine].map(isDuplicate)).toEqual([true, false, false]);
		const text = reliabilityReport(
			[twice, refused, fine],
			['Transfer → Send'],
			['500', 'timeout', 'HTML body'],
		);
		expect(text).toContain('| 500 | unknown reported · 1/1 | 🟥 **DUPLICATE** ok · 1/2 |');
		expect(text).toContain(
			'| timeout | unknown reported · 1/1 | refused · 1/1 · **✗ broke a rule** |',
		);
		expect(text).toContain(
			'| HTML body | sent (resolved_by GET /send/) · 1/1 | already_sent · 0/1 |',
		);
		expect(text).toContain('Carried out more than once: **1**.');
	});

	it('says none when no cell was carried out twice', () => {
		expect(reliabilityReport([cell('500')], ['Transfer → Send'], ['500'])).toContain(
			'Carried out more than once: none.',
		);
	});

	it('tells where a committed document and a run differ, and nothing when they are the same', () => {
		const found = reliabilityReport([cell('500')], ['Transfer → Send'], ['500']);
		expect(firstDifference(found, found)).toBeUndefined();
		const stale = found.replace('| 500 | unknown reported · 1/1 |', '| 500 | ok · 1/1 |');
		const lineNumber = found.split('\n').findIndex((line) => line.startsWith('| 500 |')) + 1;
		expect(firstDifference(stale, found)).toBe(
			`line ${lineNumber}: the document says "| 500 | ok · 1/1 | already_sent · 0/1 |", this run found "| 500 | unknown reported · 1/1 | already_sent · 0/1 |"`,
		);
		const lines = found.split('\n').length;
		expect(firstDifference(`${found}more\n`, found)).toBe(
			`line ${lines}: the document says "more", this run found ""`,
		);
		expect(firstDifference(found.slice(0, -1), found)).toBe(
			`line ${lines}: the document says nothing, this run found ""`,
		);
	});

	it('leaves a file that already says the same untouched, and rewrites one that does not', () => {
		const folder = mkdtempSync(join(tmpdir(), 'reliability-'));
		try {
			const file = join(folder, 'RELIABILITY.md');
			writeFileSync(file, 'same\n');
			utimesSync(file, new Date(0), new Date(0));
			writeIfChanged(file, 'same\n');
			expect(statSync(file).mtimeMs).toBe(0);
			writeIfChanged(file, 'other\n');
			expect(readFileSync(file, 'utf8')).toBe('other\n');
		} finally {
			rmSync(folder, { recursive: true });
		}
	});
});
