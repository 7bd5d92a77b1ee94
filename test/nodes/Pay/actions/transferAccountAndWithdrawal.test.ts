/** Transfer, Account and Withdrawal resources through n8n's engine against the sandbox. */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { runPayNode } from '../../../harness/runWorkflow';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';
import { profileUnderTest } from '../../../harness/sandboxProfile';
import { sandboxCredentials, TEST_CALLBACK_SECRET } from '../../../harness/sandboxCredentials';
import { runDataText, secretsFoundIn } from '../../../harness/secretScan';
import { useCallbackReceiverPerFile } from '../../../sandbox/callbackReceiver';
import type { CallbackReceiver } from '../../../sandbox/callbackReceiver';
import { TRANSFER_FROM_ITEMS, WITHDRAW_FROM_ITEMS } from '../../../harness/parameters';

let sandbox: Sandbox;
let receiver: CallbackReceiver;

useSandboxPerFile((started) => (sandbox = started));
useCallbackReceiverPerFile((started) => (receiver = started));

const run = (parameters: Record<string, unknown>, input?: IDataObject[], settings = {}) =>
	runPayNode({
		parameters: parameters as never,
		input,
		credentials: sandboxCredentials(sandbox),
		settings,
	});
const balance = async (username: string) => (await sandbox.control.account(username)).balance;
const send = TRANSFER_FROM_ITEMS;
const withdraw = WITHDRAW_FROM_ITEMS;

describe('Transfer', () => {
	it('sends to a username and to a phone number (toUser, or the to_user alias)', async () => {
		const { items } = await run(send, [
			{ to: 'friend', amount: 1000 },
			{ to: '310 987 6543', amount: 500 },
		]);
		expect(items.map((item) => item.json.sent)).toEqual([true, true]);
		await run({ ...send, options: { recipientField: 'to_user' } }, [{ to: 'friend', amount: 250 }]);
		expect(await balance('demo')).toBe(1_000_000 - 1750);
		expect(await balance('friend')).toBe(1750);
	});

	it('outputs what was sent, without the empty {} the service answers; an answer that says something stays under response', async () => {
		const { items } = await run(send, [{ to: '3109876543', amount: 1000 }]);
		expect(items[0].json).toEqual({
			sent: true,
			to_user: '3109876543',
			amount: 1000,
			reference: expect.stringMatching(/^ref-[0-9a-f]{32}$/),
		});
		expect(await balance('friend')).toBe(1000);
		await sandbox.control.injectFault({
			route: 'POST /send/',
			afterProcessing: true,
			body: 'json',
			json: { result: 'OK', id: 7 },
		});
		const answered = await run(send, [{ to: '3109876543', amount: 500 }]);
		expect(answered.items[0].json).toEqual({
			sent: true,
			to_user: '3109876543',
			amount: 500,
			reference: expect.stringMatching(/^ref-[0-9a-f]{32}$/),
			response: { result: 'OK', id: 7 },
		});
	});

	it.each([
		[
			'an unverified sender',
			async () => await sandbox.control.updateAccount('demo', { emailVerified: false }),
			'friend',
			100,
			'403',
			/verificar/,
		],
		['an unknown recipient', async () => undefined, 'nobody', 100, '404', /nobody no existe/],
		[
			'insufficient balance',
			async () => undefined,
			'friend',
			2_000_000,
			'422',
			/Saldo insuficiente/,
		],
	])(
		'refuses %s with the service detail and moves nothing',
		async (_name, prepare, to, amount, httpCode, detail) => {
			await prepare();
			const { items } = await run(send, [{ to, amount }], { continueOnFail: true });
			expect(items[0].json).toMatchObject({ httpCode, outcome: 'refused' });
			expect(items[0].json.error).toMatch(detail);
			expect(await balance('demo')).toBe(1_000_000);
			expect(await balance('friend')).toBe(0);
		},
	);

	it('refuses an empty recipient and a bad amount before sending', async () => {
		const { items } = await run(
			send,
			[
				{ to: '', amount: 10 },
				{ to: 'friend', amount: 'lots' },
			],
			{ continueOnFail: true },
		);
		expect(items.map((item) => item.json.field)).toEqual([
			'Recipient Mobile Number or Username',
			'Amount (COP)',
		]);
		expect(await sandbox.control.count('POST /send/')).toBe(0);
	});

	it('lists newest first with limit and the recipient and date filters', async () => {
		await sandbox.control.createAccount({ username: 'third', phone: '3150000000' });
		await run(send, [
			{ to: 'friend', amount: 1 },
			{ to: 'third', amount: 2 },
			{ to: 'friend', amount: 3 },
		]);
		const all = await run({ resource: 'transfer', operation: 'getAll', returnAll: true });
		expect(all.items.map((item) => item.json.amount)).toEqual([3, 2, 1]);
		expect(all.items[0].json).toMatchObject({
			from_user: 'demo',
			to_user: 'friend',
			date: expect.stringMatching(/Z$/),
		});
		const limited = await run({
			resource: 'transfer',
			operation: 'getAll',
			returnAll: false,
			limit: 2,
		});
		expect(limited.items).toHaveLength(2);
		const toFriend = await run({
			resource: 'transfer',
			operation: 'getAll',
			returnAll: true,
			filters: { recipient: 'friend' },
		});
		expect(toFriend.items.map((item) => item.json.amount)).toEqual([3, 1]);
		const future = await run({
			resource: 'transfer',
			operation: 'getAll',
			returnAll: true,
			filters: { after: '2999-01-01T00:00:00Z' },
		});
		expect(future.items).toHaveLength(0);
		const past = await run({
			resource: 'transfer',
			operation: 'getAll',
			returnAll: true,
			filters: { before: '2999-01-01T00:00:00Z' },
		});
		expect(past.items).toHaveLength(3);
	});

	it('lists the transfers the service lists: received ones too where it lists them (real clients), none dropped', async () => {
		await sandbox.control.updateAccount('friend', {
			balance: 5000,
			emailVerified: true,
			phoneVerified: true,
		});
		await run(send, [{ to: '3109876543', amount: 10 }]);
		const fromFriend = await runPayNode({
			parameters: send as never,
			input: [{ to: '3001234567', amount: 20 }],
			credentials: sandboxCredentials(sandbox, sandbox.friend),
		});
		expect(fromFriend.items[0].json.sent).toBe(true);
		const list = await run({ resource: 'transfer', operation: 'getAll', returnAll: true });
		const listed = list.items.map((item) => [
			item.json.from_user,
			item.json.to_user,
			item.json.amount,
		]);
		const received = profileUnderTest() === 'observed' ? [['friend', 'demo', 20]] : [];
		expect(listed).toEqual([...received, ['demo', 'friend', 10]]);
	});

	// The spec shows one array and leaves pagination "not shown": a paged answer ({results, next}) is
	// read page after page.
	it('reads a paged list to its end, following next only under the Base URL', async () => {
		const transfer = (amount: number, date: string) => ({
			from_user: 'demo',
			to_user: 'friend',
			amount,
			date,
		});
		await sandbox.control.injectFault({
			route: 'GET /send/',
			body: 'json',
			json: {
				results: [transfer(1, '2026-01-01T00:00:00Z')],
				next: `${sandbox.baseUrl}/send/?page=2`,
			},
		});
		await sandbox.control.injectFault({
			route: 'GET /send/',
			body: 'json',
			json: { results: [transfer(2, '2026-02-01T00:00:00Z')], next: null },
		});
		const paged = await run({ resource: 'transfer', operation: 'getAll', returnAll: true });
		expect(paged.items.map((item) => item.json.amount)).toEqual([2, 1]);
		expect(await sandbox.control.count('GET /send/')).toBe(2);

		await sandbox.control.injectFault({
			route: 'GET /send/',
			body: 'json',
			json: {
				results: [transfer(1, '2026-01-01T00:00:00Z')],
				next: 'https://elsewhere.example/send/?page=2',
			},
		});
		const elsewhere = await run(
			{ resource: 'transfer', operation: 'getAll', returnAll: true },
			undefined,
			{ continueOnFail: true },
		);
		expect(elsewhere.items[0].json.error).toBe(
			'The transfer list continues on a page the node does not follow',
		);
		expect(await sandbox.control.count('GET /send/')).toBe(3);

		await sandbox.control.injectFault({
			route: 'GET /send/',
			body: 'json',
			json: { resultado: 'ok' },
		});
		const notAList = await run(
			{ resource: 'transfer', operation: 'getAll', returnAll: true },
			undefined,
			{ continueOnFail: true },
		);
		expect(notAList.items[0].json.error).toBe('The transfer list could not be read');
	});
});

describe('Account verification', () => {
	it('Request Verification Codes with nothing in Send To: n8n flags the required field, and a mapping that gives nothing fails the item', async () => {
		await expect(
			run({ resource: 'account', operation: 'requestCodes', channels: [] }),
		).rejects.toMatchObject({ name: 'WorkflowHasIssuesError' });
		const mapped = await run(
			{ resource: 'account', operation: 'requestCodes', channels: '={{ [] }}' },
			undefined,
			{ continueOnFail: true },
		);
		expect(mapped.items[0].json).toMatchObject({ field: 'Send To', outcome: 'not_sent' });
		expect(await sandbox.control.count('POST /request_confirmation/')).toBe(0);
	});

	it('refuses a code that is not 4-8 digits before sending, and reports a wrong one with the detail', async () => {
		const bad = await run(
			{ resource: 'account', operation: 'verifyEmail', code: '12a456' },
			undefined,
			{ continueOnFail: true },
		);
		expect(bad.items[0].json).toMatchObject({ field: 'Code', outcome: 'not_sent' });
		await run({ resource: 'account', operation: 'requestCodes', channels: ['email'] });
		const codes = await sandbox.control.codes('demo');
		const wrong = await run({
			resource: 'account',
			operation: 'verifyEmail',
			code: String((codes.email as number) === 999999 ? 100000 : (codes.email as number) + 1),
		});
		expect(wrong.error?.message).toBe(
			'The email verification: the service answered HTTP 400: Código incorrecto',
		);
	});
});

describe('Withdrawal', () => {
	it('withdraws whole pesos to a phone key or an alias, adding the callback secret', async () => {
		const { items, error } = await run({ ...withdraw, callbackUrl: `${receiver.url}?source=pay` }, [
			{ amount: 20000, key: '+57 300 123 4567' },
		]);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			amount: 20000,
			key_value: '3001234567',
			state: 0,
			state_label: 'created',
		});
		const [stored] = await sandbox.control.withdrawals();
		expect(stored).toMatchObject({
			accountType: 8,
			keyValue: '3001234567',
			accountHolderName: 'Demo Holder',
		});
		const callback = new URL(stored.callback);
		expect(callback.searchParams.get('token')).toBe(TEST_CALLBACK_SECRET);
		expect(callback.searchParams.get('source')).toBe('pay');
		// The service's answer echoes the callback URL: the output shows it with the secret masked.
		expect(items[0].json.callback).toBe(`${receiver.url}?source=pay&token=***`);
		expect(secretsFoundIn(runDataText(items), [TEST_CALLBACK_SECRET])).toEqual([]);
		expect(await balance('demo')).toBe(980_000);
	});

	it.each([
		[{ amount: 1000.5, key: '@ok.alias' }, 'Amount (COP)', /not rounded/],
		[{ amount: 0, key: '@ok.alias' }, 'Amount (COP)', /greater than 0/],
		[{ amount: 1000, key: 'someone' }, 'Key', /mobile number/],
		[{ amount: 1000, key: '2001234567' }, 'Key', /mobile number/],
		[{ amount: 1000, key: '@x' }, 'Key', /alias/],
	])('refuses %j before sending, naming the field', async (input, field, message) => {
		const { items } = await run(withdraw, [input], { continueOnFail: true });
		expect(items[0].json).toMatchObject({ field, outcome: 'not_sent' });
		expect(items[0].json.error).toMatch(message);
		expect(await sandbox.control.count('POST /withdraw/co/')).toBe(0);
	});

	it('refuses a Callback URL when the credential has no Callback Secret (the Pay Trigger would refuse every callback), before sending', async () => {
		const credentials = sandboxCredentials(sandbox, sandbox.demo, { callbackSecret: '' });
		const parameters = { ...withdraw, callbackUrl: receiver.url };
		const { items } = await runPayNode({
			parameters: parameters as never,
			input: [{ amount: 1000, key: '@ok.alias' }],
			credentials,
			settings: { continueOnFail: true },
		});
		expect(items[0].json).toMatchObject({ field: 'Callback URL', outcome: 'not_sent' });
		expect(items[0].json.error).toMatch(/no Callback Secret.*Options → Add Callback Secret$/);
		expect(await sandbox.control.count('POST /withdraw/co/')).toBe(0);
		expect(await balance('demo')).toBe(1_000_000);
	});

	it('sends a custom account type code, and reports insufficient balance with the detail', async () => {
		await run({ ...withdraw, accountType: 'custom', accountTypeCode: 0 }, [
			{ amount: 1000, key: '@ok.alias' },
		]);
		expect((await sandbox.control.withdrawals())[0].accountType).toBe(0);
		const { items } = await run(withdraw, [{ amount: 5_000_000, key: '@ok.alias' }], {
			continueOnFail: true,
		});
		// The live service answers {"result": "LIMIT_BALANCE"} (403); the spec profile its {error,
		// detail} (422).
		if (profileUnderTest() === 'observed') {
			expect(items[0].json).toMatchObject({
				httpCode: '403',
				outcome: 'refused',
				code: 'LIMIT_BALANCE',
				error:
					'The withdrawal of 5000000 COP to @ok.alias: the service answered HTTP 403: The available balance is not enough for this amount (LIMIT_BALANCE)',
			});
		} else {
			expect(items[0].json).toMatchObject({ httpCode: '422', outcome: 'refused' });
			expect(items[0].json.error).toMatch(/Saldo insuficiente/);
		}
	});
});

describe('full chain', () => {
	it('request codes → read them → verify both → send → list shows it → withdraw → callback-driven status change', async () => {
		await sandbox.control.updateAccount('demo', { emailVerified: false, phoneVerified: false });
		const refused = await run(send, [{ to: 'friend', amount: 5000 }], { continueOnFail: true });
		expect(refused.items[0].json.httpCode).toBe('403');

		const requested = await run({
			resource: 'account',
			operation: 'requestCodes',
			channels: ['email', 'phone'],
		});
		expect(requested.items[0].json.requested).toEqual(['email', 'phone']);
		const codes = await sandbox.control.codes('demo');
		const email = await run({
			resource: 'account',
			operation: 'verifyEmail',
			code: String(codes.email),
		});
		const phone = await run({
			resource: 'account',
			operation: 'verifyPhone',
			code: String(codes.phone),
		});
		expect([email.items[0].json.verified, phone.items[0].json.verified]).toEqual([true, true]);

		await run(send, [{ to: 'friend', amount: 5000 }]);
		const list = await run({ resource: 'transfer', operation: 'getAll', returnAll: true });
		expect(list.items[0].json).toMatchObject({ to_user: 'friend', amount: 5000 });

		const withdrawal = await run({ ...withdraw, callbackUrl: receiver.url }, [
			{ amount: 10000, key: '@demo.key' },
		]);
		const id = withdrawal.items[0].json.id as number;
		await sandbox.control.advanceWithdrawal(id);
		await sandbox.control.advanceWithdrawal(id);
		const callbacks = await receiver.waitFor(2);
		expect(callbacks.map((callback) => JSON.parse(callback.text).state)).toEqual([1, 2]);
		expect((await sandbox.control.callbacks()).every((delivery) => delivery.status === 200)).toBe(
			true,
		);
		expect(await balance('demo')).toBe(1_000_000 - 5000 - 10000);
	});
});
