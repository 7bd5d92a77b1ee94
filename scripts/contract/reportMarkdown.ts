/**
 * The report as Markdown, ready to paste into an issue: a table of every call, then each call that
 * differs with its differences per reading. Paths and types only: no value of any answer.
 */
import type { CallResult } from './checkCall';
import type { Difference } from './compareShape';
import type { Reading } from './expected/reading';
import type { ContractReport } from './runCheck';

const READING_NAMES: Record<Reading, string> = {
	spec: "the spec's shapes (`spec`)",
	observed: "real clients' shapes (`observed`)",
};

export function reportMarkdown(report: ContractReport, packageVersion: string): string {
	const lines = [
		`## Contract check: n8n-nodes-pay ${packageVersion} against the service`,
		'',
		`- Host: ${report.host} · ${report.mode} · checked at ${report.checkedAt}`,
		`- Compared with: ${report.readings.map((reading) => READING_NAMES[reading]).join(', ')}`,
		`- ${summary(report.results)}`,
		'',
		'| Call | Request | Status | Result |',
		'|---|---|---|---|',
		...report.results.map(
			(result) =>
				`| ${result.name} | ${routeCell(result.route)} | ${result.status ?? '–'} | ${resultWords(result)} |`,
		),
	];
	for (const result of report.results.filter((one) => one.outcome !== 'matches'))
		lines.push('', ...callSection(result));
	return `${lines.join('\n')}\n`;
}

export function summary(results: CallResult[]): string {
	const count = (outcome: CallResult['outcome']) =>
		results.filter((result) => result.outcome === outcome).length;
	const skippedOnes = count('skipped') > 0 ? `; ${count('skipped')} skipped` : '';
	if (count('matches') + count('skipped') === results.length)
		return `All ${count('matches')} calls made match${skippedOnes}.`;
	const parts = (['differs', 'failed', 'unreachable', 'skipped'] as const)
		.filter((outcome) => count(outcome) > 0)
		.map((outcome) => `${count(outcome)} ${outcome}`);
	return `${count('matches')} of ${results.length} calls match; ${parts.join(', ')}.`;
}

const routeCell = (route: string): string => (route === '' ? '–' : `\`${route}\``);

function resultWords(result: CallResult): string {
	if (result.outcome === 'matches') return `matches (${result.matching.join(', ')})`;
	const extra = result.code ?? result.note;
	return extra ? `${result.outcome} (${extra})` : result.outcome;
}

function callSection(result: CallResult): string[] {
	const lines = [`### ${result.name} (\`${result.route}\`): ${result.outcome}`];
	if (result.note) lines.push('', result.note);
	if (result.code) lines.push('', `The service's code: \`${result.code}\``);
	for (const [reading, comparison] of Object.entries(result.readings)) {
		if (!comparison) continue;
		lines.push('', `Against ${READING_NAMES[reading as Reading]}:`);
		if (result.layers !== undefined && result.layers !== comparison.layers)
			lines.push(
				`- encoded as JSON ${result.layers} times, expected ${comparison.layers}: ${
					result.layers > comparison.layers ? 'an extra layer of JSON' : 'a layer of JSON fewer'
				}`,
			);
		lines.push(...comparison.differences.map(differenceLine));
		if (comparison.differences.length === 0 && result.layers === comparison.layers)
			lines.push('- matches');
	}
	if (result.nodeReading.length > 0)
		lines.push(
			'',
			"The node's own reader:",
			...result.nodeReading.map((problem) => `- ${problem}`),
		);
	if (result.cameBack !== undefined)
		lines.push(
			'',
			'<details><summary>What came back (every value replaced by its type)</summary>',
			'',
			'```json',
			JSON.stringify(result.cameBack, null, 2),
			'```',
			'</details>',
		);
	return lines;
}

function differenceLine(difference: Difference): string {
	const at = `\`${difference.path}\``;
	switch (difference.kind) {
		case 'missing':
			return `- ${at} missing (expected ${difference.expected})`;
		case 'extra':
			return `- ${at} extra (${difference.found})`;
		default:
			return `- ${at} of another type: expected ${difference.expected}, came back ${difference.found}`;
	}
}
