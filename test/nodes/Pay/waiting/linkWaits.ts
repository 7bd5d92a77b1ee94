/**
 * What the tests of the payment waits share: a Create and Wait for Payment run against the
 * sandbox, and the service's own callback deliveries replayed to it as the service sent them.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { sandboxCredentials } from '../../../harness/sandboxCredentials';
import { runPayNode } from '../../../harness/runWorkflow';
import type { RunPayNodeOptions } from '../../../harness/runWorkflow';
import { startWaitingRun } from '../../../harness/waitingRun';
import type { WaitingRun } from '../../../harness/waitingRun';

export const LINK = {
	resource: 'payment',
	operation: 'createAndWait',
	amount: '={{ $json.amount }}',
	description: '={{ $json.invoice }}',
	paymentMethods: ['pse', 'daviplata'],
	payerRedirectUrl: 'https://shop.example/thanks',
	expirationDays: 1,
	options: {},
};

export async function waitForLinks(
	sandbox: Sandbox,
	input: IDataObject[],
	parameters: IDataObject = {},
	options: Partial<RunPayNodeOptions> & { credentials?: IDataObject } = {},
): Promise<WaitingRun> {
	const { credentials, ...rest } = options;
	return await startWaitingRun({
		parameters: { ...LINK, ...parameters } as never,
		input,
		settings: { continueOnFail: true },
		...rest,
		credentials: sandboxCredentials(sandbox, sandbox.demo, credentials ?? {}),
	});
}

/** The service's last callback for a link, sent to the waiting node as the service sent it. */
export async function replayCallback(sandbox: Sandbox, run: WaitingRun, slug: string) {
	const deliveries = (await sandbox.control.callbacks()).filter(
		(delivery) => delivery.body.url === slug,
	);
	const delivery = deliveries[deliveries.length - 1];
	const url = new URL(delivery.url);
	const form = delivery.contentType.startsWith('application/x-www-form-urlencoded');
	const rawBody = form
		? new URLSearchParams(
				Object.entries(delivery.body).map(([k, v]): [string, string] => [k, String(v)]),
			).toString()
		: JSON.stringify(delivery.body);
	return await run.callback({
		body: form ? Object.fromEntries(new URLSearchParams(rawBody)) : delivery.body,
		rawBody,
		headers: { 'content-type': delivery.contentType },
		query: Object.fromEntries(url.searchParams),
	});
}

/** The token the link's callback URL carries (what the service sends back). */
export async function tokenOfLink(sandbox: Sandbox, slug: string): Promise<string> {
	const callback = String((await sandbox.control.payment(slug)).callback);
	return new URL(callback).searchParams.get('token') ?? '';
}

export const slugsOf = (run: WaitingRun) => run.items.map((item) => String(item.json.slug));

/**
 * Get Links Waited For run after the wait reached its limit: n8n goes on with the waiting node's
 * input, and the next node runs in the same execution.
 */
export async function getWaitedLinksAfter(sandbox: Sandbox, run: WaitingRun) {
	return await runPayNode({
		typeVersion: 2,
		parameters: { resource: 'payment', operation: 'getWaitedLinks' },
		input: run.run.data.executionData?.nodeExecutionStack[0]?.data.main[0]?.map((i) => i.json),
		credentials: sandboxCredentials(sandbox),
		customData: run.run.data.resultData.metadata,
	});
}

/** The pauses between reads of a link not final yet (readLink.ts), shortened for a test. */
export function readAgainPauses(): { pausesMs: number[] } {
	// The module n8n loaded the node from (dist/), so the node sees the change.
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return require('../../../../dist/nodes/Pay/waiting/readLink').READ_AGAIN;
}
