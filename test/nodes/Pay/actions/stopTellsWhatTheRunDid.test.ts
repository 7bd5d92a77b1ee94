/**
 * When the service refuses or fails mid-run and the node stops, its error says what this run
 * carried out before stopping (execution/runJournal.ts): n8n drops a failed node's output, so the
 * error is the only place a person learns which links exist and which payouts went out.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { errorSentence } from '../../../../sandbox/failureBodies';
import { TRANSFER_FROM_ITEMS } from '../../../harness/parameters';
import { runPayNode } from '../../../harness/runWorkflow';
import { sandboxCredentials } from '../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const TRANSFERS = { ...TRANSFER_FROM_ITEMS, reference: '={{ $json.ref }}' };

const CREATE = {
	resource: 'payment',
	operation: 'create',
	amount: '={{ $json.amount }}',
	description: 'Invoice',
	paymentMethods: ['pse'],
	payerRedirectUrl: 'https://shop.example/thanks',
	callbackUrl: 'https://hooks.example/webhook/pay',
	expirationDays: 1,
	options: {},
};

const run = async (parameters: object, input: IDataObject[]) =>
	await runPayNode({
		parameters: parameters as INodeParameters,
		input,
		credentials: sandboxCredentials(sandbox),
	});

/** Transfers of 1 COP to friend; the one at `refusedAt` to an unknown user, which is refused. */
function transferRows(count: number, refusedAt: number): IDataObject[] {
	return Array.from({ length: count }, (_, index) => ({
		to: index === refusedAt ? 'nobody' : 'friend',
		amount: 1,
		ref: `PAY-${index}`,
	}));
}

describe('a stop tells what the run did', () => {
	it('payouts: the requests that went out, each Reference with its outcome, and no "nothing was sent"', async () => {
		const { error } = await run(TRANSFERS, transferRows(5, 2));
		expect(error?.context?.itemIndex).toBe(2);
		expect(error?.message).toMatch(/nobody/);
		const description = error?.description ?? '';
		expect(description).not.toMatch(/Nothing was sent to the service/);
		expect(description).toContain(
			'Before stopping, this run sent 3 requests to the service: 2 done, 1 refused by the service.',
		);
		expect(description).toContain(
			'item 0: the transfer of 1 COP to friend (Reference PAY-0): done',
		);
		expect(description).toContain(
			'item 1: the transfer of 1 COP to friend (Reference PAY-1): done',
		);
		expect(description).toContain(
			'item 2: the transfer of 1 COP to nobody (Reference PAY-2): refused by the service',
		);
		expect(description).not.toContain('PAY-3');
		// What it says is what the service holds.
		expect(await sandbox.control.transfers()).toHaveLength(2);
	});

	it('creations: every slug the run created is in the error, as the service holds them', async () => {
		await sandbox.control.injectFault({
			route: 'POST /pay/',
			status: 400,
			failure: errorSentence('Monto no permitido'),
			after: 3,
		});
		const rows = Array.from({ length: 7 }, (_, index) => ({ amount: 1000 + index }));
		const { error } = await run(CREATE, rows);
		expect(error?.context?.itemIndex).toBe(3);
		const created = await sandbox.control.payments();
		expect(created).toHaveLength(6);
		const description = error?.description ?? '';
		expect(description).toContain('this run sent 7 requests to the service: 6 done, 1 refused');
		for (const payment of created) expect(description).toContain(`slug ${payment.slug}`);
		expect(description).toMatch(/item 3: the payment object creation: refused by the service/);
	});

	it('a long run is shortened past 20 lines, and what is left is counted, never left out', async () => {
		const { error } = await run(TRANSFERS, transferRows(26, 25));
		const description = error?.description ?? '';
		expect(description).toContain('this run sent 26 requests to the service: 25 done, 1 refused');
		expect(description).toContain('(Reference PAY-19): done');
		expect(description).not.toContain('PAY-20');
		expect(description).toContain('and 6 more: 5 done, 1 refused by the service.');
	});

	it('a stop at the very first request says that one went out and was refused', async () => {
		const { error } = await run(TRANSFERS, transferRows(3, 0));
		expect(error?.description).toContain(
			'Before stopping, this run sent 1 request to the service: 1 refused by the service.',
		);
		expect(await sandbox.control.count('POST /send/')).toBe(1);
	});
});
