/**
 * Answers of a shape the spec does not show: the service carries out the call, then answers 200
 * with a JSON value that is not the documented object. The operation must still end the item well:
 * carried out once, the answer handed over whole, and no crash after money moved (a crash would
 * invite a second try).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { runPayNode } from '../harness/runWorkflow';
import { sandboxCredentials } from '../harness/sandboxCredentials';
import { useSandboxPerFile } from '../harness/sandboxPerFile';
import { MATRIX_OPERATIONS } from './operations';

let sandbox: Sandbox;

useSandboxPerFile((started) => (sandbox = started));

const ODD_ANSWERS: Array<[string, unknown]> = [
	['a number', 48151623],
	['true', true],
	['an empty list', []],
	['a list of texts', ['done']],
	['an object of other fields', { resultado: 'ok' }],
];

async function runWithAnswer(operation: (typeof MATRIX_OPERATIONS)[number], json: unknown) {
	const parameters = await operation.prepare(sandbox);
	await sandbox.control.resetCounters();
	await sandbox.control.injectFault({
		route: operation.route,
		afterProcessing: true,
		body: 'json',
		json,
	});
	const run = await runPayNode({
		parameters: parameters as never,
		credentials: sandboxCredentials(sandbox),
		settings: { continueOnFail: true },
	});
	expect(run.error).toBeUndefined();
	expect(run.items).toHaveLength(1);
	expect(run.items[0].pairedItem).toEqual({ item: 0 });
	expect(await operation.carriedOut(sandbox)).toBeLessThanOrEqual(1);
	return {
		json: run.items[0].json,
		received: await sandbox.control.count(operation.route),
		slug: String(parameters.slug),
	};
}

describe.each(MATRIX_OPERATIONS)('$name', (operation) => {
	it.each(ODD_ANSWERS)(
		'answered with %s: an output that keeps the answer, sent once',
		async (_name, odd) => {
			const { json, received } = await runWithAnswer(operation, odd);
			expect(json.error).toBeUndefined();
			expect(received).toBe(1);
			// Kept whole: spread into the output, or under `response`, `raw` or `order`, as the
			// operation shows its answers.
			const places = [json, json.response, json.raw, json.order];
			if (typeof odd === 'object' && !Array.isArray(odd))
				expect(places).toContainEqual(expect.objectContaining(odd as IDataObject));
			else expect(places).toContainEqual(odd);
		},
	);

	if (operation.movesMoney) {
		it('answered with a JSON text: settled by what the service shows, or outcome unknown said plainly; sent once', async () => {
			const { json, received, slug } = await runWithAnswer(operation, 'OK');
			expect(received).toBe(1);
			if (operation.resolvedBy) {
				expect(json).toMatchObject({
					outcome: 'sent',
					resolved_by: operation.resolvedBy.replace('{slug}', slug),
				});
				expect(json.error).toBeUndefined();
				return;
			}
			expect(json.outcome).toBe('unknown');
			expect(String(json.error)).toMatch(/may have been carried out/);
		});
	}
});
