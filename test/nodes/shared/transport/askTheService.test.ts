/**
 * Before an item is reported `unknown`, the node asks the service: the transfer list, or the
 * payment object's state. What it shows settles the item — `sent` in the same execution,
 * `already_sent` in a later one, with what was read — and only what cannot be an older, identical
 * payment counts. When the service cannot tell, the item stays `unknown` and nothing is sent. Each
 * case counts what the sandbox carried out, not what the item says.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { runPayNode, shutDownEngine } from '../../../harness/runWorkflow';
import type { NodeSettings } from '../../../harness/runWorkflow';
import { sandboxCredentials, secretsOf } from '../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';
import { PAYER, TRANSFER_FROM_ITEMS } from '../../../harness/parameters';
import { CARD_PAYABLE_PAYMENT } from '../../Pay/actions/card/cardPayable';
import { sameRecipient } from '../../../../nodes/Pay/actions/transfer/transferListCheck';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));
afterAll(shutDownEngine);

let workflowSerial = 0;
/** A workflow of its own per test: n8n keeps references per workflow and node. */
const newWorkflow = () => `ask-the-service-${++workflowSerial}`;

const execute = (
	workflowId: string,
	parameters: IDataObject,
	input: IDataObject[] = [{}],
	settings: NodeSettings = {},
) =>
	runPayNode({
		parameters: parameters as never,
		input,
		credentials: sandboxCredentials(sandbox),
		settings,
		workflowId,
	});

/** The answer of the request is lost after the service carried it out. */
const loseAnswer = async (route: string, after = 0) =>
	await sandbox.control.injectFault({ route, status: 500, afterProcessing: true, after });
/** The service cannot be read: every read of the route fails, retries included. */
const unreadable = async (route: string) =>
	await sandbox.control.injectFault({ route, status: 503, times: 50 });

const transfersTo = async (username: string) =>
	sandbox.state.transfers.filter((transfer) => transfer.toUser === username);

beforeEach(async () => {
	await sandbox.control.reset();
});

describe('Transfer → Send whose answer is lost', () => {
	const batch = [1, 2, 3, 4].map((n) => ({ to: 'friend', amount: n * 111 }));

	it('is sent, in the same execution, when the transfer list shows it; the next items are sent', async () => {
		await loseAnswer('POST /send/', 2);
		const logged = jest.spyOn(Container.get(Logger), 'info');
		const run = await execute(newWorkflow(), TRANSFER_FROM_ITEMS, batch);
		const lines = logged.mock.calls.map((call) => `${String(call[0])} ${JSON.stringify(call[1])}`);
		logged.mockRestore();
		// n8n's log says what was read and what it showed, and holds no secret.
		expect(lines).toContainEqual(
			expect.stringMatching(
				/^Pay: the transfer of 333 COP to friend \(reference ref-[0-9a-f]{32}\) resolved by GET \/send\/: it went through/,
			),
		);
		for (const secret of secretsOf(sandbox.demo)) expect(lines.join('\n')).not.toContain(secret);
		expect(run.error).toBeUndefined();
		expect(run.items[2].json).toMatchObject({
			outcome: 'sent',
			resolved_by: 'GET /send/',
			transfer: { to_user: 'friend', amount: 333 },
		});
		expect(run.items[2].json.transfer).toHaveProperty('date', expect.stringMatching(/Z$/));
		expect(run.items[3].json).toMatchObject({ sent: true, amount: 444 });
		expect((await transfersTo('friend')).map((transfer) => transfer.amount)).toEqual([
			111, 222, 333, 444,
		]);
	});

	it("stops the execution when the list cannot be read; n8n's Retry then finds it already sent and sends the 4th once", async () => {
		const workflow = newWorkflow();
		await loseAnswer('POST /send/', 2);
		await unreadable('GET /send/');
		const failed = await execute(workflow, TRANSFER_FROM_ITEMS, batch);
		expect(failed.error?.message).toMatch(/^Outcome unknown/);
		expect(failed.error?.description).toMatch(/Asked the service: the service could not be read/);
		expect((await transfersTo('friend')).length).toBe(3);

		await sandbox.control.clearFaults();
		const retry = await execute(workflow, TRANSFER_FROM_ITEMS, batch);
		expect(retry.error).toBeUndefined();
		expect(retry.items.map((item) => item.json.outcome ?? 'sent')).toEqual([
			'already_sent',
			'already_sent',
			'already_sent',
			'sent',
		]);
		expect(retry.items[2].json).toMatchObject({
			resolved_by: 'GET /send/',
			transfer: { to_user: 'friend', amount: 333 },
		});
		expect((await transfersTo('friend')).map((transfer) => transfer.amount)).toEqual([
			111, 222, 333, 444,
		]);
	});

	it('never takes an older identical transfer for it: the item stays unknown and nothing is sent again', async () => {
		const workflow = newWorkflow();
		// The same amount to the same recipient, sent earlier by another item of another run.
		await execute(newWorkflow(), TRANSFER_FROM_ITEMS, [{ to: 'friend', amount: 900 }]);
		await sandbox.control.injectFault({ route: 'POST /send/', status: 500 });
		const lost = await execute(workflow, TRANSFER_FROM_ITEMS, [{ to: 'friend', amount: 900 }], {
			continueOnFail: true,
		});
		expect(lost.items[0].json.outcome).toBe('unknown');
		expect(lost.items[0].json.errorDescription).toMatch(/lists no such transfer made after/);
		const again = await execute(workflow, TRANSFER_FROM_ITEMS, [{ to: 'friend', amount: 900 }], {
			continueOnFail: true,
		});
		expect(again.items[0].json.outcome).toBe('unknown');
		expect(again.items[0].json.errorDescription).toMatch(/lists no such transfer made after/);
		expect((await transfersTo('friend')).length).toBe(1);
	});

	it('stays unknown, sending nothing, when a later execution cannot read the list', async () => {
		const workflow = newWorkflow();
		await loseAnswer('POST /send/');
		await unreadable('GET /send/');
		const lost = await execute(workflow, TRANSFER_FROM_ITEMS, [{ to: 'friend', amount: 50 }], {
			continueOnFail: true,
		});
		expect(lost.items[0].json.outcome).toBe('unknown');
		const again = await execute(workflow, TRANSFER_FROM_ITEMS, [{ to: 'friend', amount: 50 }], {
			continueOnFail: true,
		});
		expect(again.items[0].json.outcome).toBe('unknown');
		expect(again.items[0].json.errorDescription).toMatch(
			/Asked the service: the service could not be read/,
		);
		expect(await sandbox.control.count('POST /send/')).toBe(1);
	});
});

describe('payments whose answer is lost: the payment object tells', () => {
	async function awaitingOtp(): Promise<{ slug: string; otp: string }> {
		const created = await execute(newWorkflow(), {
			...CARD_PAYABLE_PAYMENT,
			paymentMethods: ['daviplata'],
		});
		const slug = created.items[0].json.slug as string;
		await execute(newWorkflow(), {
			resource: 'checkout',
			operation: 'payWithDaviplata',
			slug,
			...PAYER,
		});
		return { slug, otp: await sandbox.control.otp(slug) };
	}

	it('Confirm Wallet OTP: sent in the same execution, already sent on a Retry that could not ask before', async () => {
		const { slug, otp } = await awaitingOtp();
		await loseAnswer('POST /pay/confirm_daviplata/');
		const confirm = { resource: 'checkout', operation: 'confirmWalletOtp', slug, otp };
		const same = await execute(newWorkflow(), confirm);
		expect(same.items[0].json).toMatchObject({
			outcome: 'sent',
			resolved_by: `GET /pay_detail/${slug}`,
			payment: { slug, state_label: 'paid' },
		});

		const other = await awaitingOtp();
		const workflow = newWorkflow();
		const confirmOther = { ...confirm, slug: other.slug, otp: other.otp };
		await loseAnswer('POST /pay/confirm_daviplata/');
		await unreadable('GET /pay_detail/{url}');
		const failed = await execute(workflow, confirmOther, [{}], { continueOnFail: true });
		expect(failed.items[0].json.outcome).toBe('unknown');
		await sandbox.control.clearFaults();
		const retry = await execute(workflow, confirmOther);
		expect(retry.items[0].json).toMatchObject({
			outcome: 'already_sent',
			resolved_by: `GET /pay_detail/${other.slug}`,
			payment: { slug: other.slug, state_label: 'paid' },
		});
		expect(await sandbox.control.count('POST /pay/confirm_daviplata/')).toBe(2);
	});

	it('Card → Charge: sent in the same execution, already sent on a Retry; unpaid stays unknown', async () => {
		const registered = await execute(newWorkflow(), {
			resource: 'card',
			operation: 'register',
			cardNumber: '4111 1111 1111 1111',
			holderName: 'ANA',
			expiry: '12/30',
		});
		const uuid = registered.items[0].json.card_uuid as string;
		const charge = async (workflow: string, settings: NodeSettings = {}) => {
			const created = await execute(newWorkflow(), CARD_PAYABLE_PAYMENT);
			const slug = created.items[0].json.slug as string;
			const parameters = {
				resource: 'card',
				operation: 'charge',
				cardUuid: uuid,
				slug,
				cvv: '737',
				dues: 1,
			};
			return { slug, parameters, run: await execute(workflow, parameters, [{}], settings) };
		};

		await loseAnswer('POST /tc_payment/');
		const same = await charge(newWorkflow());
		expect(same.run.items[0].json).toMatchObject({
			outcome: 'sent',
			resolved_by: `GET /pay_detail/${same.slug}`,
			payment: { state_label: 'paid' },
		});

		// Refused before it was carried out: the object is not paid, the item stays unknown.
		await sandbox.control.injectFault({ route: 'POST /tc_payment/', status: 500 });
		const unpaid = await charge(newWorkflow(), { continueOnFail: true });
		expect(unpaid.run.items[0].json.outcome).toBe('unknown');
		expect(unpaid.run.items[0].json.errorDescription).toMatch(
			/shows the payment object in state created, not paid/,
		);

		const workflow = newWorkflow();
		await loseAnswer('POST /tc_payment/');
		await unreadable('GET /pay_detail/{url}');
		const lost = await charge(workflow, { continueOnFail: true });
		expect(lost.run.items[0].json.outcome).toBe('unknown');
		await sandbox.control.clearFaults();
		const chargesBefore = await sandbox.control.count('POST /tc_payment/');
		const retry = await execute(workflow, lost.parameters);
		expect(retry.items[0].json).toMatchObject({
			outcome: 'already_sent',
			resolved_by: `GET /pay_detail/${lost.slug}`,
		});
		expect(await sandbox.control.count('POST /tc_payment/')).toBe(chargesBefore);
	});
});

describe('Transfer → Send asked about in a later execution: what the list shows must be this item', () => {
	const lostOnce = async (workflow: string, amount: number) => {
		await sandbox.control.injectFault({ route: 'POST /send/', status: 500, afterProcessing: true });
		await unreadable('GET /send/');
		const lost = await execute(workflow, TRANSFER_FROM_ITEMS, [{ to: 'friend', amount }], {
			continueOnFail: true,
		});
		expect(lost.items[0].json.outcome).toBe('unknown');
		await sandbox.control.clearFaults();
	};

	it('stays unknown, sending nothing, when two identical transfers are listed after the claim', async () => {
		const workflow = newWorkflow();
		await lostOnce(workflow, 770);
		// Something else sends the same amount to the same recipient after this item's claim.
		await sandbox.control.sendTransfer({ from: 'demo', to: 'friend', amount: 770 });
		expect((await transfersTo('friend')).length).toBe(2);
		const again = await execute(workflow, TRANSFER_FROM_ITEMS, [{ to: 'friend', amount: 770 }], {
			continueOnFail: true,
		});
		expect(again.items[0].json.outcome).toBe('unknown');
		expect(again.items[0].json.errorDescription).toMatch(
			/lists 2 such transfers made after .*: which one is this item's cannot be told/,
		);
		expect(await sandbox.control.count('POST /send/')).toBe(1);
		expect((await transfersTo('friend')).length).toBe(2);
	});

	it('does not take a transfer of the same amount to another recipient for it', async () => {
		const workflow = newWorkflow();
		await sandbox.control.injectFault({ route: 'POST /send/', status: 500 });
		await unreadable('GET /send/');
		const lost = await execute(workflow, TRANSFER_FROM_ITEMS, [{ to: 'friend', amount: 880 }], {
			continueOnFail: true,
		});
		expect(lost.items[0].json.outcome).toBe('unknown');
		await sandbox.control.clearFaults();
		await sandbox.control.createAccount({ username: 'another', phone: '3205550101' });
		await sandbox.control.sendTransfer({ from: 'demo', to: 'another', amount: 880 });
		const again = await execute(workflow, TRANSFER_FROM_ITEMS, [{ to: 'friend', amount: 880 }], {
			continueOnFail: true,
		});
		expect(again.items[0].json.outcome).toBe('unknown');
		expect(again.items[0].json.errorDescription).toMatch(/lists no such transfer made after/);
		expect(await sandbox.control.count('POST /send/')).toBe(1);
		expect(await transfersTo('friend')).toEqual([]);
	});
});

describe('the recipient a listed transfer must have', () => {
	it.each([
		['friend', 'friend', true],
		[' friend ', 'friend', true],
		['+57 300 123 4567', '3001234567', true],
		[3001234567, '(300) 123.4567', true],
		['Friend', 'friend', false],
		['3001234568', '3001234567', false],
		// Digits that are no Colombian mobile match only as the same text: another account's name.
		['57 1234567890', '1234567890', false],
		['123-456', '123456', false],
		[null, 'friend', false],
	])('%j for %j: %s', (listed, sent, same) => expect(sameRecipient(listed, sent)).toBe(same));
});
