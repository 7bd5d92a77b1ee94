/**
 * The at-most-once ledger holds answers only while n8n may run the node again: a run whose every
 * item succeeded lets go of them (a busy instance would otherwise keep every answer of its recent
 * executions), a run with a failed item keeps them so that n8n's retry sends nothing twice.
 */
import type { Sandbox } from '../../sandbox';
import { runPayNode } from '../harness/runWorkflow';
import { sandboxCredentials } from '../harness/sandboxCredentials';
import { useSandboxPerFile } from '../harness/sandboxPerFile';
import { TRANSFER_FROM_ITEMS } from '../harness/parameters';

// The ledger as the loaded package uses it: n8n's loader requires the built files in tests.
const LEDGER = '../../dist/nodes/shared/transport/neverTwice/ledger';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { rememberedRequestCount } = require(LEDGER) as { rememberedRequestCount(): number };

let sandbox: Sandbox;

useSandboxPerFile((started) => (sandbox = started));

const send = TRANSFER_FROM_ITEMS;
const retrying = { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 };

describe('at-most-once ledger lifetime', () => {
	it('lets go of the answers once every item of a run succeeded', async () => {
		const before = rememberedRequestCount();
		const { items } = await runPayNode({
			parameters: send as never,
			input: [
				{ to: 'friend', amount: 10 },
				{ to: 'friend', amount: 20 },
				{ to: 'friend', amount: 30 },
			],
			credentials: sandboxCredentials(sandbox),
			settings: retrying,
		});
		expect(items.map((item) => item.json.sent)).toEqual([true, true, true]);
		expect(await sandbox.control.count('POST /send/')).toBe(3);
		expect(rememberedRequestCount()).toBe(before);
	});

	it('keeps them after a failed item, so the run n8n repeats sends nothing twice', async () => {
		const before = rememberedRequestCount();
		// n8n runs the node again while its first item is an error (Continue On Fail with Retry On
		// Fail).
		const { items } = await runPayNode({
			parameters: send as never,
			input: [
				{ to: 'nobody', amount: 10 },
				{ to: 'friend', amount: 20 },
			],
			credentials: sandboxCredentials(sandbox),
			settings: { ...retrying, continueOnFail: true },
		});
		expect(items[0].json).toMatchObject({ outcome: 'refused', httpCode: '404' });
		expect(items[1].json).toMatchObject({ sent: true });
		expect(await sandbox.control.count('POST /send/')).toBe(2);
		expect((await sandbox.control.account('friend')).balance).toBe(20);
		expect(rememberedRequestCount()).toBeGreaterThan(before);
	});
});
