/**
 * Every item's input is checked before the run's first request (actions/router.ts, the input
 * pass): a bad item stops the run with nothing sent, or, with Continue On Fail, fails alone on the
 * error output while the others are sent as before.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { TRANSFER_FROM_ITEMS, WITHDRAW_TO_PAYEE } from '../../../harness/parameters';
import { runPayNode } from '../../../harness/runWorkflow';
import type { NodeSettings } from '../../../harness/runWorkflow';
import { sandboxCredentials } from '../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const CREATE = {
	resource: 'payment',
	operation: 'create',
	amount: '={{ $json.amount }}',
	description: '={{ $json.description }}',
	paymentMethods: ['pse', 'NEQUI'],
	payerRedirectUrl: 'https://shop.example/thanks',
	callbackUrl: 'https://hooks.example/webhook/pay',
	expirationDays: 1,
	options: {},
};

/** Seven invoice rows; the rows at `bad` have the amount "abc". */
function sevenRows(...bad: number[]): IDataObject[] {
	return Array.from({ length: 7 }, (_, index) => ({
		amount: bad.includes(index) ? 'abc' : 1000 + index,
		description: `Invoice ${index}`,
	}));
}

const run = async (parameters: object, input: IDataObject[], settings?: NodeSettings) =>
	await runPayNode({
		parameters: parameters as INodeParameters,
		input,
		credentials: sandboxCredentials(sandbox),
		settings,
	});

describe('every item checked before the first request', () => {
	it('seven rows into Payment → Create, row 1 bad, the default error setting: nothing is created', async () => {
		const { error } = await run(CREATE, sevenRows(1));
		expect(error?.message).toBe('Amount (COP): must be a number, got "abc"');
		expect(error?.context?.itemIndex).toBe(1);
		expect(error?.description).toMatch(/^Nothing was sent to the service\./);
		expect(await sandbox.control.payments()).toHaveLength(0);
		expect(await sandbox.control.count('POST /pay/')).toBe(0);
	});

	it('names every bad item in the stop, so all can be mended at once', async () => {
		const { error } = await run(CREATE, sevenRows(2, 4, 6));
		expect(error?.context?.itemIndex).toBe(2);
		expect(error?.description).toContain('3 of 7 items were refused (also items 4, 6)');
		expect(await sandbox.control.count('POST /pay/')).toBe(0);
	});

	it('with Continue On Fail (error output), the bad row comes back paired and the six others are created', async () => {
		const { items, errorItems } = await run(CREATE, sevenRows(1), { errorOutput: true });
		expect(errorItems).toHaveLength(1);
		expect(errorItems[0].pairedItem).toEqual({ item: 1 });
		expect(errorItems[0].json.error).toMatchObject({ outcome: 'not_sent', field: 'Amount (COP)' });
		expect(items.map((item) => item.pairedItem)).toEqual(
			[0, 2, 3, 4, 5, 6].map((item) => ({ item })),
		);
		const created = await sandbox.control.payments();
		expect(created.map((payment) => Number(payment.amount)).sort()).toEqual([
			1000, 1002, 1003, 1004, 1005, 1006,
		]);
	});

	// Past the 50 items claimed ahead of the wire (itemPipeline.ts), which used to hide it.
	it('Transfer → Send, one at a time: a bad 56th row stops the run before the first transfer', async () => {
		const rows = Array.from({ length: 56 }, (_, index) => ({
			to: 'friend',
			amount: index === 55 ? 'lots' : 1,
		}));
		const { error } = await run(TRANSFER_FROM_ITEMS, rows);
		expect(error?.message).toMatch(/^Amount \(COP\): /);
		expect(error?.context?.itemIndex).toBe(55);
		expect(await sandbox.control.count('POST /send/')).toBe(0);
		expect(await sandbox.control.transfers()).toHaveLength(0);
	});

	it('Withdrawal → Withdraw: a bad last row stops the run before the first withdrawal', async () => {
		const parameters = { ...WITHDRAW_TO_PAYEE, amount: '={{ $json.amount }}' };
		const rows = Array.from({ length: 56 }, (_, index) => ({ amount: index === 55 ? -5 : 1000 }));
		const { error } = await run(parameters, rows);
		expect(error?.message).toMatch(/^Amount \(COP\): /);
		expect(error?.context?.itemIndex).toBe(55);
		expect(await sandbox.control.withdrawals()).toHaveLength(0);
	});
});
