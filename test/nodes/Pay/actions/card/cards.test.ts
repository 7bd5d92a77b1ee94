/**
 * Card resource through n8n's engine against the sandbox, which decrypts with its own private key.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../../sandbox';
import { runPayNode } from '../../../../harness/runWorkflow';
import { sandboxCredentials, secretsOf } from '../../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../../harness/sandboxPerFile';
import { runDataText, secretsFoundIn } from '../../../../harness/secretScan';
import { CARD_PAYABLE_PAYMENT } from './cardPayable';

let sandbox: Sandbox;

useSandboxPerFile((started) => (sandbox = started));
// After the reset useSandboxPerFile makes before every test.
beforeEach(async () => await sandbox.control.settings({ rsaPadding: 'pkcs1' }));

const run = (parameters: Record<string, unknown>, input?: IDataObject[], settings = {}) =>
	runPayNode({
		parameters: parameters as never,
		input,
		credentials: sandboxCredentials(sandbox),
		settings,
	});

const register = {
	resource: 'card',
	operation: 'register',
	cardNumber: '={{ $json.number }}',
	holderName: '={{ $json.holder }}',
	expiry: '={{ $json.expiry }}',
	options: { bank: 'Bancolombia' },
};
const VISA = '4111 1111 1111 1111';
const MASTERCARD = '5555-5555-5555-4444';

describe('Card', () => {
	it('registers: the sandbox decrypts exactly what was typed; the output shows the last four digits only', async () => {
		const { items, error } = await run(register, [
			{ number: VISA, holder: 'ANA PEREZ', expiry: '8/2031' },
		]);
		expect(error).toBeUndefined();
		const [stored] = await sandbox.control.cards();
		expect(stored).toMatchObject({
			number: '4111111111111111',
			name: 'ANA PEREZ',
			expiration: '08/31',
			bank: 'Bancolombia',
			country: 'CO',
		});
		expect(items[0].json).toMatchObject({ card_uuid: stored.uuid, last4: '1111' });
		expect(JSON.stringify(items[0].json)).not.toContain('4111111111111111');
	});

	it('registers: card_uuid and last4 come first, once each, from the card_id real clients read or the card record of the spec', async () => {
		const { items } = await run(register, [
			{ number: VISA, holder: 'ANA PEREZ', expiry: '8/2031' },
		]);
		const [stored] = await sandbox.control.cards();
		expect(Object.keys(items[0].json).slice(0, 2)).toEqual(['card_uuid', 'last4']);
		expect(items[0].json).toMatchObject({ card_uuid: stored.uuid, last4: '1111' });
		// The names the id and the last four digits came under are not repeated beside them.
		const repeated = Object.entries(items[0].json).filter(
			([name, value]) =>
				name !== 'card_uuid' && name !== 'last4' && (value === stored.uuid || value === '1111'),
		);
		expect(repeated).toEqual([]);
	});

	it('registers 100 cards with one public-key request', async () => {
		const input = Array.from({ length: 100 }, (_, index) => ({
			number: index % 2 ? VISA : MASTERCARD,
			holder: `HOLDER ${index}`,
			expiry: '12/30',
		}));
		const { items, error } = await run(register, input);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(100);
		expect(await sandbox.control.count('GET /base/get_constants_key_public/')).toBe(1);
		expect(await sandbox.control.count('POST /register_tc/')).toBe(100);
		expect((await sandbox.control.cards()).map((card) => card.name)).toEqual(
			input.map((entry) => entry.holder),
		);
	});

	it('a padding the service is not set to is refused with its detail; choosing it works', async () => {
		await sandbox.control.settings({ rsaPadding: 'oaep-sha256' });
		const refused = await run(register, [{ number: VISA, holder: 'A', expiry: '12/30' }]);
		expect(refused.error?.message).toMatch(/number_card: could not be decrypted/);
		const accepted = await run({ ...register, options: { padding: 'oaep-sha256' } }, [
			{ number: VISA, holder: 'A', expiry: '12/30' },
		]);
		expect(accepted.error).toBeUndefined();
		expect((await sandbox.control.cards())[0].number).toBe('4111111111111111');
	});

	it.each([
		[{ number: '4111 1111 1111 1112' }, 'Card Number'],
		[{ number: '4111-abcd' }, 'Card Number'],
		[{ expiry: '01/20' }, 'Expiry (MM/YY)'],
		[{ expiry: '2030-12' }, 'Expiry (MM/YY)'],
		[{ holder: ' ' }, 'Holder Name'],
	])('refuses %j before anything is fetched or sent', async (change, field) => {
		const { items } = await run(
			register,
			[{ number: VISA, holder: 'A', expiry: '12/30', ...change }],
			{ continueOnFail: true },
		);
		expect(items[0].json).toMatchObject({ field, outcome: 'not_sent' });
		expect(await sandbox.control.counters()).toEqual({});
	});

	it('lists, gets, charges a card for a payment object (marking it paid) and deletes it', async () => {
		const registered = await run(register, [{ number: VISA, holder: 'ANA', expiry: '12/30' }]);
		const uuid = registered.items[0].json.card_uuid as string;
		const list = await run({ resource: 'card', operation: 'getAll', returnAll: true });
		expect(list.items.map((item) => item.json.card_uuid)).toEqual([uuid]);
		const one = await run({ resource: 'card', operation: 'get', cardUuid: uuid });
		expect(one.items[0].json).toMatchObject({
			card_uuid: uuid,
			last4: '1111',
			bin_card: '411111',
			franchise: 'VISA',
			name_card: 'ANA',
		});

		const created = await run(CARD_PAYABLE_PAYMENT);
		const slug = created.items[0].json.slug as string;
		const charged = await run({
			resource: 'card',
			operation: 'charge',
			cardUuid: uuid,
			slug,
			dues: 3,
			cvv: '737',
		});
		expect(charged.items[0].json).toMatchObject({ slug, card_uuid: uuid, dues: 3, charged: true });
		expect((await sandbox.control.cards())[0].chargedCvvs).toEqual(['737']);
		const read = await run({ resource: 'payment', operation: 'get', slug });
		expect(read.items[0].json).toMatchObject({
			state_label: 'paid',
			payment_method: 'credit_card',
		});

		const deleted = await run({ resource: 'card', operation: 'delete', cardUuid: uuid });
		expect(deleted.items[0].json).toMatchObject({ card_uuid: uuid, deleted: true });
		expect(await sandbox.control.cards()).toEqual([]);
		const gone = await run({ resource: 'card', operation: 'get', cardUuid: uuid }, undefined, {
			continueOnFail: true,
		});
		expect(gone.items[0].json.outcome).toBe('failed');
	});

	it('lists and gets several cards, each under its own card_uuid and last4, Get returning the one asked for', async () => {
		await run(register, [
			{ number: VISA, holder: 'ANA', expiry: '12/30' },
			{ number: MASTERCARD, holder: 'BETO', expiry: '11/29' },
		]);
		const [visa, master] = await sandbox.control.cards();
		const list = await run({ resource: 'card', operation: 'getAll', returnAll: true });
		expect(
			list.items.map((item) => [item.json.card_uuid, item.json.last4, item.json.name_card]),
		).toEqual([
			[visa.uuid, '1111', 'ANA'],
			[master.uuid, '4444', 'BETO'],
		]);
		const one = await run({ resource: 'card', operation: 'get', cardUuid: master.uuid });
		expect(one.items).toHaveLength(1);
		expect(one.items[0].json).toMatchObject({
			card_uuid: master.uuid,
			last4: '4444',
			franchise: 'MASTERCARD',
		});
	});

	it('encrypts arbitrary fields with the service key', async () => {
		const { items } = await run({
			resource: 'card',
			operation: 'encryptFields',
			fields: { field: [{ name: 'secret', value: 'hello' }] },
		});
		expect(items[0].json.secret).toMatch(/^[A-Za-z0-9+/]+=*$/);
		const { decryptField } = await import('../../../../../sandbox/rsa');
		expect(decryptField(sandbox.state.keys, items[0].json.secret as string, 'pkcs1')).toBe('hello');
	});

	it('a failing batch with Continue On Fail leaks no card number, CVV, expiry, key or token into the run', async () => {
		const registered = await run(register, [{ number: VISA, holder: 'ANA', expiry: '12/30' }]);
		const uuid = registered.items[0].json.card_uuid as string;
		await sandbox.control.injectFault({
			route: 'POST /register_tc/',
			status: 500,
			afterProcessing: true,
		});
		await sandbox.control.injectFault({ route: 'POST /tc_payment/', status: 400, body: 'text' });
		const batch = await run(
			register,
			[
				{ number: MASTERCARD, holder: 'B', expiry: '11/29' },
				{ number: '4111111111111112', holder: 'C', expiry: '10/28' },
				{ number: VISA, holder: 'D', expiry: '09/27' },
			],
			{ continueOnFail: true },
		);
		const charge = await run(
			{
				resource: 'card',
				operation: 'charge',
				cardUuid: uuid,
				slug: 'nosuch1',
				dues: 1,
				cvv: '={{ $json.cvv }}',
			},
			[{ cvv: '4321' }, { cvv: '99' }],
			{
				continueOnFail: true,
			},
		);
		expect(batch.items.map((item) => item.json.outcome ?? 'ok')).toEqual([
			'unknown',
			'not_sent',
			'ok',
		]);
		expect(charge.items.map((item) => item.json.outcome)).toEqual(['refused', 'not_sent']);
		const everything = runDataText([batch.run.data.resultData, charge.run.data.resultData]);
		const secrets = [
			'5555555555554444',
			'5555-5555-5555-4444',
			'4111111111111112',
			'4111111111111111',
			'11/29',
			'10/28',
			'09/27',
			'4321',
			'99',
		];
		expect(
			secretsFoundIn(everything, [...secrets, ...secretsOf(sandbox.demo), 'sandbox-access-']),
		).toEqual([]);
	});
});
