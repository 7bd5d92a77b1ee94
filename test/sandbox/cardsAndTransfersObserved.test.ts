/**
 * Cards and transfers in the `observed` profile: the shapes the service's real clients send and
 * read (docs/SERVICE.md, "Cards" and "List transfers"), where the spec profile
 * (moneyAndCards.test.ts) shows its own.
 */
import { constants, publicEncrypt } from 'crypto';

import type { Sandbox } from '../../sandbox';
import { createPayment, login, useSandboxWithDemoClient } from './apiClient';
import type { ApiClient } from './apiClient';

let sandbox: Sandbox;
let demo: ApiClient;

useSandboxWithDemoClient(
	{ profile: 'observed' },
	(started, client) => ([sandbox, demo] = [started, client]),
	async (started) => await started.control.settings({ rsaPadding: 'pkcs1' }),
);

async function encrypt(text: string): Promise<string> {
	const pem = (await demo.call('GET', '/base/get_constants_key_public/')).data.data
		.text_long_value as string;
	return publicEncrypt(
		{ key: pem, padding: constants.RSA_PKCS1_PADDING },
		Buffer.from(text),
	).toString('base64');
}

async function registerCard(number = '4111111111111111'): Promise<string> {
	const registered = await demo.call('POST', '/register_tc/', {
		number_card: await encrypt(number),
		name_card: await encrypt('ANA PEREZ'),
		date_expiration: await encrypt('12/30'),
		bank: 'banco',
		country: 'Colombia',
	});
	expect(registered.data).toEqual({ message: 'OK', card_id: expect.any(String) });
	return registered.data.card_id as string;
}

describe('cards as real clients see them', () => {
	it('register answers {message, card_id}; list answers {data: [five fields]}, card_uuid selecting one', async () => {
		const visa = await registerCard();
		const master = await registerCard('5555555555554444');
		expect(visa).toBe((await sandbox.control.cards())[0].uuid);
		const list = await demo.call('GET', '/list_tc/');
		expect(list.data).toEqual({
			data: [
				{
					bin_card: '411111',
					uuid: visa,
					iai_card: '1111',
					franchise: 'VISA',
					name_card: 'ANA PEREZ',
				},
				{
					bin_card: '555555',
					uuid: master,
					iai_card: '4444',
					franchise: 'MASTERCARD',
					name_card: 'ANA PEREZ',
				},
			],
		});
		const one = await demo.call('GET', '/list_tc/', undefined, { params: { card_uuid: master } });
		expect(one.data).toEqual({
			data: [expect.objectContaining({ uuid: master, iai_card: '4444' })],
		});
		const none = await demo.call('GET', '/list_tc/', undefined, {
			params: { card_uuid: 'no-such-card' },
		});
		expect(none.data).toEqual({ data: [] });
	});

	it('a charge takes the slug as pay_url (a body without it is refused field by field, nothing paid) with imei, latitude, longitude', async () => {
		const uuid = await registerCard();
		const payment = await createPayment(demo, {
			payment_method_enabled: JSON.stringify({ credit_card: true }),
		});
		const slug = payment.url as string;
		const withUrl = await demo.call('POST', '/tc_payment/', {
			tc_id: uuid,
			dues: 1,
			url: slug,
			cvv: await encrypt('123'),
		});
		expect(withUrl.status).toBe(400);
		expect(withUrl.data).toEqual({ pay_url: ['This field is required.'] });
		expect((await sandbox.control.payment(slug)).state).not.toBe(3);

		const charged = await demo.call('POST', '/tc_payment/', {
			tc_id: uuid,
			dues: 2,
			pay_url: slug,
			cvv: await encrypt('123'),
			imei: '356938035643809',
			latitude: 4.6097,
			longitude: '-74.0817',
		});
		expect(charged.status).toBe(200);
		expect(charged.data).toEqual({ message: 'OK' });
		expect((await sandbox.control.payment(slug)).state).toBe(3);
		expect((await sandbox.control.cards())[0]).toMatchObject({
			chargedCvvs: ['123'],
			chargeDevices: [{ imei: '356938035643809', latitude: '4.6097', longitude: '-74.0817' }],
		});
	});

	it('deletes with GET /delete_tc/?tc_id=, and answers DELETE with 405 without deleting', async () => {
		const uuid = await registerCard();
		const refused = await demo.call('DELETE', '/delete_tc/', { card_uuid: uuid });
		expect(refused.status).toBe(405);
		expect(sandbox.state.cards.has(uuid)).toBe(true);
		const deleted = await demo.call('GET', '/delete_tc/', undefined, { params: { tc_id: uuid } });
		expect(deleted.status).toBe(200);
		expect(sandbox.state.cards.has(uuid)).toBe(false);
		expect(
			(await demo.call('GET', '/delete_tc/', undefined, { params: { tc_id: uuid } })).status,
		).toBe(404);
	});
});

describe('transfers as real clients see them', () => {
	it('take the recipient as toUser or to_user, a mobile number; the list holds transfers made or received', async () => {
		expect(
			(await demo.call('POST', '/send/', { to_user: sandbox.friend.phone, amount: 700 })).status,
		).toBe(200);
		expect(
			(await demo.call('POST', '/send/', { toUser: sandbox.friend.phone, amount: 300 })).status,
		).toBe(200);
		await sandbox.control.updateAccount('friend', { emailVerified: true, phoneVerified: true });
		const friend = await login(sandbox, sandbox.friend);
		expect(
			(await friend.call('POST', '/send/', { to_user: sandbox.demo.phone, amount: 50 })).status,
		).toBe(200);
		const list = await demo.call('GET', '/send/');
		expect(
			list.data.map((transfer: Record<string, unknown>) => [
				transfer.from_user,
				transfer.to_user,
				transfer.amount,
			]),
		).toEqual([
			['demo', 'friend', 700],
			['demo', 'friend', 300],
			['friend', 'demo', 50],
		]);
	});
});

describe('a transfer another account sends (control API), as real clients see it', () => {
	it("shows in both accounts' lists, alike transfers at one date as two records", async () => {
		await sandbox.control.updateAccount('friend', { balance: 10_000 });
		for (let copy = 0; copy < 2; copy++)
			await sandbox.control.sendTransfer({
				from: sandbox.friend.phone,
				to: 'demo',
				amount: 1000,
				date: '2026-01-31T10:00:00Z',
			});
		const record = {
			from_user: 'friend',
			to_user: 'demo',
			amount: 1000,
			date: '2026-01-31T10:00:00.000Z',
		};
		expect((await demo.call('GET', '/send/')).data).toEqual([record, record]);
		const friend = await login(sandbox, sandbox.friend);
		expect((await friend.call('GET', '/send/')).data).toEqual([record, record]);
	});
});
