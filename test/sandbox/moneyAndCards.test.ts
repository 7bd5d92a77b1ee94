import { constants, publicEncrypt } from 'crypto';

import type { Sandbox } from '../../sandbox';
import { createPayment, login, useSandboxWithDemoClient } from './apiClient';
import type { ApiClient } from './apiClient';
import { useCallbackReceiverPerFile } from './callbackReceiver';
import type { CallbackReceiver } from './callbackReceiver';

let sandbox: Sandbox;
let demo: ApiClient;
let receiver: CallbackReceiver;

useSandboxWithDemoClient(
	{ profile: 'spec' },
	(started, client) => ([sandbox, demo] = [started, client]),
	async (started) => await started.control.settings({ rsaPadding: 'pkcs1' }),
);
useCallbackReceiverPerFile((started) => (receiver = started));

describe('transfers', () => {
	it('debits the sender, credits the recipient (by username or phone, toUser or to_user), lists with ISO dates', async () => {
		expect((await demo.call('POST', '/send/', { toUser: 'friend', amount: 1000 })).data).toEqual(
			{},
		);
		expect(
			(await demo.call('POST', '/send/', { to_user: sandbox.friend.phone, amount: 500 })).status,
		).toBe(200);
		expect((await sandbox.control.account('demo')).balance).toBe(998_500);
		expect((await sandbox.control.account('friend')).balance).toBe(1500);
		const list = await demo.call('GET', '/send/');
		expect(list.data).toHaveLength(2);
		expect(list.data[0]).toMatchObject({ from_user: 'demo', to_user: 'friend', amount: 1000 });
		expect(new Date(list.data[0].date).toISOString()).toBe(list.data[0].date);
		expect(
			(await sandbox.control.transfers()).map(({ fromUser, toUser, amount }) => ({
				fromUser,
				toUser,
				amount,
			})),
		).toEqual([
			{ fromUser: 'demo', toUser: 'friend', amount: 1000 },
			{ fromUser: 'demo', toUser: 'friend', amount: 500 },
		]);
	});

	it.each([
		[
			'unverified sender',
			403,
			async () => await sandbox.control.updateAccount('demo', { phoneVerified: false }),
			{ toUser: 'friend', amount: 10 },
		],
		['unknown recipient', 404, async () => undefined, { toUser: 'nobody', amount: 10 }],
		['insufficient balance', 422, async () => undefined, { toUser: 'friend', amount: 5_000_000 }],
		['missing recipient', 400, async () => undefined, { amount: 10 }],
	])('refuses a transfer with %s (%i) and moves nothing', async (_name, status, prepare, body) => {
		await prepare();
		const response = await demo.call('POST', '/send/', body);
		expect(response.status).toBe(status);
		expect(response.data.detail).toEqual(expect.any(String));
		expect((await sandbox.control.account('demo')).balance).toBe(1_000_000);
		expect((await sandbox.control.account('friend')).balance).toBe(0);
		expect(await sandbox.control.transfers()).toEqual([]);
	});
});

describe('a transfer another account sends (control API)', () => {
	it('debits the sender, credits the recipient, and (spec: transfers the caller created) lists it to the sender only', async () => {
		await sandbox.control.updateAccount('friend', { balance: 10_000 });
		const sent = await sandbox.control.sendTransfer({
			from: 'friend',
			to: sandbox.demo.phone,
			amount: 2500,
			date: '2026-01-31T10:00:00Z',
		});
		expect(sent).toEqual({
			fromUser: 'friend',
			toUser: 'demo',
			amount: 2500,
			date: '2026-01-31T10:00:00.000Z',
		});
		expect((await sandbox.control.account('friend')).balance).toBe(7500);
		expect((await sandbox.control.account('demo')).balance).toBe(1_002_500);
		expect((await demo.call('GET', '/send/')).data).toEqual([]);
		const friend = await login(sandbox, sandbox.friend);
		expect((await friend.call('GET', '/send/')).data).toEqual([
			{ from_user: 'friend', to_user: 'demo', amount: 2500, date: '2026-01-31T10:00:00.000Z' },
		]);
	});

	it('with listed: false, is carried out at once but listed only when the control lists it, dated when it was made: before one listed meanwhile', async () => {
		const friend = await login(sandbox, sandbox.friend);
		const listed = async () =>
			((await friend.call('GET', '/send/')).data as Array<{ amount: number; date: string }>).map(
				({ amount, date }) => [amount, date],
			);
		await sandbox.control.updateAccount('friend', { balance: 10_000 });
		const late = await sandbox.control.sendTransfer({
			from: 'friend',
			to: 'demo',
			amount: 100,
			date: '2026-01-31T10:00:00Z',
			listed: false,
		});
		expect(late).toEqual(expect.objectContaining({ amount: 100, heldBack: true }));
		expect((await sandbox.control.account('friend')).balance).toBe(9900);
		expect(await listed()).toEqual([]);
		await sandbox.control.sendTransfer({
			from: 'friend',
			to: 'demo',
			amount: 200,
			date: '2026-01-31T11:00:00Z',
		});
		expect(await listed()).toEqual([[200, '2026-01-31T11:00:00.000Z']]);
		expect(await sandbox.control.listHeldTransfers()).toEqual([
			{ fromUser: 'friend', toUser: 'demo', amount: 100, date: '2026-01-31T10:00:00.000Z' },
		]);
		expect(await listed()).toEqual([
			[100, '2026-01-31T10:00:00.000Z'],
			[200, '2026-01-31T11:00:00.000Z'],
		]);
		expect(await sandbox.control.listHeldTransfers()).toEqual([]);
	});

	it.each([
		['the sender lacks the balance', { from: 'friend', to: 'demo', amount: 10 }, 422],
		['the recipient is unknown', { from: 'demo', to: 'nobody', amount: 10 }, 404],
		['the sender is unknown', { from: 'nobody', to: 'demo', amount: 10 }, 404],
		['it is sent to the sender', { from: 'demo', to: 'demo', amount: 10 }, 400],
		['the date is no date', { from: 'demo', to: 'friend', amount: 10, date: 'soon' }, 400],
		['listed is not a boolean', { from: 'demo', to: 'friend', amount: 10, listed: 'no' }, 400],
	])('is refused when %s, and moves nothing', async (_name, body, status) => {
		await expect(sandbox.control.sendTransfer(body as never)).rejects.toMatchObject({
			response: { status },
		});
		expect((await sandbox.control.account('demo')).balance).toBe(1_000_000);
		expect((await sandbox.control.account('friend')).balance).toBe(0);
		expect(sandbox.state.transfers).toEqual([]);
	});
});

describe('verification', () => {
	it('sends codes, refuses a wrong or text code, verifies with the right integer code', async () => {
		await sandbox.control.updateAccount('demo', { emailVerified: false, phoneVerified: false });
		expect((await demo.call('POST', '/request_confirmation/', {})).status).toBe(400);
		expect(
			(await demo.call('POST', '/request_confirmation/', { email: true, phone: true })).status,
		).toBe(200);
		const codes = await sandbox.control.codes('demo');
		expect(codes.email).toEqual(expect.any(Number));
		expect(
			(await demo.call('POST', '/verify_email/', { code: String(codes.email) })).data.detail,
		).toMatch(/integer/);
		expect(
			(await demo.call('POST', '/verify_email/', { code: (codes.email as number) + 1 })).data
				.detail,
		).toBe('Código incorrecto');
		expect((await demo.call('POST', '/verify_email/', { code: codes.email })).status).toBe(200);
		expect((await demo.call('POST', '/verify_phone/', { code: codes.phone })).status).toBe(200);
		expect(await sandbox.control.account('demo')).toMatchObject({
			emailVerified: true,
			phoneVerified: true,
		});
	});
});

describe('withdrawals', () => {
	const withdrawal = {
		amount: 20000,
		account_holder_name: 'Demo',
		account_type: 8,
		key_value: '@demo.key',
		description: 'Payout',
	};

	it('debits, advances 0 → 1 → 2 with a callback on each change', async () => {
		const response = await demo.call('POST', '/withdraw/co/', {
			...withdrawal,
			callback: receiver.url,
		});
		expect(response.status).toBe(201);
		expect(response.data).toMatchObject({ state: 0, amount: 20000 });
		expect((await sandbox.control.account('demo')).balance).toBe(980_000);
		await sandbox.control.advanceWithdrawal(response.data.id);
		await sandbox.control.advanceWithdrawal(response.data.id);
		const callbacks = await receiver.waitFor(2);
		expect(callbacks.map((callback) => JSON.parse(callback.text).state)).toEqual([1, 2]);
		expect(JSON.parse(callbacks[0].text)).toMatchObject({ id: response.data.id, amount: 20000 });
	});

	it('gives the money back when the bank rejects it', async () => {
		const response = await demo.call('POST', '/withdraw/co/', withdrawal);
		await sandbox.control.advanceWithdrawal(response.data.id, 5, 'R016');
		expect((await sandbox.control.account('demo')).balance).toBe(1_000_000);
	});

	it.each([
		[{ amount: 100.5 }, /amount/],
		[{ key_value: 'demo' }, /key_value/],
		[{ key_value: '12345' }, /key_value/],
		[{ account_holder_name: undefined }, /account_holder_name/],
		[{ account_type: 'savings' }, /account_type/],
	])('refuses %j', async (change, detail) => {
		const response = await demo.call('POST', '/withdraw/co/', { ...withdrawal, ...change });
		expect(response.status).toBe(400);
		expect(response.data.detail).toMatch(detail);
		expect((await sandbox.control.account('demo')).balance).toBe(1_000_000);
	});

	it('accepts a mobile number key and refuses more than the balance with 422', async () => {
		expect(
			(await demo.call('POST', '/withdraw/co/', { ...withdrawal, key_value: '3001234567' })).status,
		).toBe(201);
		expect(
			(await demo.call('POST', '/withdraw/co/', { ...withdrawal, amount: 5_000_000 })).status,
		).toBe(422);
	});
});

describe('cards', () => {
	async function publicKey(): Promise<string> {
		return (await demo.call('GET', '/base/get_constants_key_public/')).data.data.text_long_value;
	}
	const encrypt = (pem: string, text: string, padding = constants.RSA_PKCS1_PADDING) =>
		publicEncrypt({ key: pem, padding }, Buffer.from(text)).toString('base64');

	it('registers a card it can decrypt, lists it without the number, charges it for an object and deletes it', async () => {
		const pem = await publicKey();
		expect(pem).toMatch(/BEGIN PUBLIC KEY/);
		const registered = await demo.call('POST', '/register_tc/', {
			number_card: encrypt(pem, '4111111111111111'),
			name_card: encrypt(pem, 'ANA PEREZ'),
			date_expiration: encrypt(pem, '12/30'),
			bank: 'Bancolombia',
		});
		expect(registered.status).toBe(201);
		expect(registered.data).toMatchObject({
			bin_card: '411111',
			iai_card: '1111',
			franchise: 'VISA',
			name_card: 'ANA PEREZ',
		});
		expect(JSON.stringify(registered.data)).not.toContain('4111111111111111');
		const [stored] = await sandbox.control.cards();
		expect(stored).toMatchObject({ number: '4111111111111111', expiration: '12/30' });
		const list = await demo.call('GET', '/list_tc/');
		expect(list.data).toHaveLength(1);
		const one = await demo.call('GET', '/list_tc/', undefined, {
			params: { card_uuid: registered.data.uuid },
		});
		expect(one.data.uuid).toBe(registered.data.uuid);
		const payment = await createPayment(demo);
		const charge = await demo.call('POST', '/tc_payment/', {
			tc_id: registered.data.uuid,
			dues: 3,
			url: payment.url,
			cvv: encrypt(pem, '123'),
		});
		expect(charge.data).toMatchObject({ result: 'OK', state: 3 });
		expect((await sandbox.control.cards())[0].chargedCvvs).toEqual(['123']);
		expect((await sandbox.control.payment(payment.url as string)).state).toBe(3);
		expect(
			(await demo.call('DELETE', '/delete_tc/', { card_uuid: registered.data.uuid })).data,
		).toEqual({ result: 'OK' });
		expect(
			(
				await demo.call('GET', '/list_tc/', undefined, {
					params: { card_uuid: registered.data.uuid },
				})
			).status,
		).toBe(404);
	});

	it('refuses fields encrypted with a padding it is not set to, or not encrypted at all', async () => {
		const pem = await publicKey();
		await sandbox.control.settings({ rsaPadding: 'oaep-sha256' });
		const pkcs1 = await demo.call('POST', '/register_tc/', {
			number_card: encrypt(pem, '4111111111111111'),
			name_card: encrypt(pem, 'A'),
			date_expiration: encrypt(pem, '12/30'),
		});
		expect(pkcs1.status).toBe(400);
		expect(pkcs1.data.detail).toMatch(/number_card: could not be decrypted/);
		const plain = await demo.call('POST', '/register_tc/', {
			number_card: '4111111111111111',
			name_card: 'A',
			date_expiration: '12/30',
		});
		expect(plain.status).toBe(400);
		expect(sandbox.state.cards.size).toBe(0);
	});

	it('refuses a charge of an unknown card (404)', async () => {
		const payment = await createPayment(demo);
		const pem = await publicKey();
		const response = await demo.call('POST', '/tc_payment/', {
			tc_id: 'nope',
			dues: 1,
			url: payment.url,
			cvv: encrypt(pem, '123'),
		});
		expect(response.status).toBe(404);
	});
});
