/**
 * The contract check against a sandbox whose answers were changed on purpose, as a service that
 * changed its shapes would answer: a field renamed, a number sent as text, an extra layer of JSON.
 * Each change is named in the report, on its call, and only there.
 */
import type { Sandbox } from '../../../sandbox';
import { useSandboxPerFile } from '../../harness/sandboxPerFile';
import { madeLink, runContract } from './runContract';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

test('a renamed field, a number as text and an extra layer of JSON are each named', async () => {
	const slug = await madeLink(sandbox);
	await sandbox.control.sendTransfer({ from: 'demo', to: 'friend', amount: 1500 });
	await sandbox.control.injectFault({
		route: 'GET /send/',
		change: { rename: { from: 'amount', to: 'value' } },
	});
	await sandbox.control.injectFault({
		route: 'GET /pay_detail/{url}',
		change: { asText: 'amount' },
	});
	await sandbox.control.injectFault({
		route: 'GET /get_banks/1/',
		afterProcessing: true,
		body: 'json-string',
	});

	const run = await runContract(sandbox, ['--slug', slug, '--expect', sandbox.profile]);

	expect(run.code).toBe(1);
	expect(run.report.results.map((result) => [result.name, result.outcome])).toEqual([
		['Token refresh', 'matches'],
		['Public key', 'matches'],
		['Bank list', 'differs'],
		['Transfer list', 'differs'],
		['Payment link you named', 'differs'],
	]);
	const section = (name: string) => {
		const start = run.markdown.indexOf(`### ${name} (`);
		const end = run.markdown.indexOf('\n### ', start + 1);
		return run.markdown.slice(start, end < 0 ? undefined : end);
	};
	expect(section('Bank list')).toContain(
		'encoded as JSON 2 times, expected 1: an extra layer of JSON',
	);
	expect(section('Transfer list')).toContain('`[].amount` missing (expected number)');
	expect(section('Transfer list')).toContain('`[].value` extra (number)');
	expect(section('Transfer list')).toContain('a transfer whose `amount` is no number');
	expect(section('Payment link you named')).toContain(
		'`amount` of another type: expected number, came back string',
	);
});
