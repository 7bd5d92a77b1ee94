/**
 * Card operations where a charge or card data could be misreported or leak: a re-run that cannot
 * read the public key, a service that echoes card data, a 401 that a new token would not cure, and
 * a card list that ignores the card asked for.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../../sandbox';
import { TestCredentialsHelper } from '../../../../harness/credentialsHelper';
import { loadBuiltPackage } from '../../../../harness/loadPackage';
import { runPayNode } from '../../../../harness/runWorkflow';
import type { NodeSettings } from '../../../../harness/runWorkflow';
import { sandboxCredentials } from '../../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../../harness/sandboxPerFile';
import { CARD_PAYABLE_PAYMENT } from './cardPayable';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const KEY_ROUTE = 'GET /base/get_constants_key_public/';
const REGISTER = {
	resource: 'card',
	operation: 'register',
	cardNumber: '={{ $json.number }}',
	holderName: '={{ $json.holder }}',
	expiry: '={{ $json.expiry }}',
};
const VISA = { number: '4111 1111 1111 1111', holder: 'ANA', expiry: '12/30' };

async function run(
	parameters: IDataObject,
	input?: IDataObject[],
	settings: NodeSettings = {},
	credentialsHelper?: TestCredentialsHelper,
) {
	return await runPayNode({
		parameters: parameters as never,
		input,
		credentials: sandboxCredentials(sandbox),
		settings,
		credentialsHelper,
	});
}

async function cardAndPayment(): Promise<{ uuid: string; slug: string }> {
	const registered = await run(REGISTER, [VISA]);
	const created = await run(CARD_PAYABLE_PAYMENT);
	await sandbox.control.resetCounters();
	return {
		uuid: registered.items[0].json.card_uuid as string,
		slug: created.items[0].json.slug as string,
	};
}

describe('a charge carried out earlier in the execution', () => {
	it('is reported as charged on a Retry On Fail run whose public-key request fails, not as "nothing was done"', async () => {
		const { uuid, slug } = await cardAndPayment();
		// The first run reads the key; the re-run's key requests are refused.
		await sandbox.control.injectFault({ route: KEY_ROUTE, latencyMs: 1 });
		await sandbox.control.injectFault({ route: KEY_ROUTE, status: 429, times: 10 });
		const charge = {
			resource: 'card',
			operation: 'charge',
			cardUuid: uuid,
			slug: '={{ $json.slug }}',
			dues: 1,
			cvv: '737',
			requestOptions: { maxRetries: 0 },
		};
		// The first item is refused (unknown slug), so n8n runs the node a second time.
		const { items } = await run(charge, [{ slug: 'nosuch1' }, { slug }], {
			continueOnFail: true,
			retryOnFail: true,
			maxTries: 2,
			waitBetweenTries: 1,
		});
		expect((await sandbox.control.payment(slug)).state).toBe(3);
		expect(await sandbox.control.count('POST /tc_payment/')).toBe(2);
		expect(items[1].json).not.toHaveProperty('error');
		expect(items[1].json).toMatchObject({ slug, card_uuid: uuid, charged: true });
	});
});

describe('card data the service echoes', () => {
	it('is masked in an error detail: number, expiry and CVV', async () => {
		await sandbox.control.injectFault({
			route: 'POST /register_tc/',
			status: 400,
			body: 'json',
			json: {
				error: 'No se pudo',
				detail: 'Tarjeta 4111111111111111 (4111 1111 1111 1111) exp 12/30 rechazada',
			},
		});
		const registered = await run(REGISTER, [VISA], { continueOnFail: true });
		expect(registered.items[0].json).toMatchObject({
			detail: 'Tarjeta *** (***) exp *** rechazada',
			outcome: 'refused',
		});
		expect(JSON.stringify(registered.run.data)).not.toMatch(
			/4111111111111111|4111 1111 1111 1111|12\/30/,
		);

		const { uuid, slug } = await cardAndPayment();
		await sandbox.control.injectFault({
			route: 'POST /tc_payment/',
			status: 400,
			body: 'json',
			json: { error: 'No se pudo', detail: 'CVV 7391 inválido para 41237391' },
		});
		const charged = await run(
			{ resource: 'card', operation: 'charge', cardUuid: uuid, slug, dues: 1, cvv: '7391' },
			undefined,
			{ continueOnFail: true },
		);
		// Whole words only: the CVV inside another number stays.
		expect(charged.items[0].json.detail).toBe('CVV *** inválido para 41237391');
	});

	it('is masked in a successful answer', async () => {
		await sandbox.control.injectFault({
			route: 'POST /register_tc/',
			afterProcessing: true,
			body: 'json',
			json: {
				uuid: 'u1',
				number_card: '4111111111111111',
				date_expiration: '12/30',
				note: 'saved 4111 1111 1111 1111',
			},
		});
		const { items } = await run(REGISTER, [VISA]);
		expect(items[0].json).toMatchObject({
			card_uuid: 'u1',
			number_card: '***',
			date_expiration: '***',
			note: 'saved ***',
			last4: '1111',
		});
	});
});

describe('a 401 that a new token would not cure', () => {
	it('does not send the charge again with the same token', async () => {
		const { uuid, slug } = await cardAndPayment();
		const credentialsHelper = new TestCredentialsHelper((await loadBuiltPackage()).credentialTypes);
		await run({ resource: 'card', operation: 'getPublicKey' }, undefined, {}, credentialsHelper);
		await sandbox.control.resetCounters();
		// Refused with 401 after the charge went through; the token itself is still good.
		await sandbox.control.injectFault({
			route: 'POST /tc_payment/',
			status: 401,
			afterProcessing: true,
		});
		const { items } = await run(
			{ resource: 'card', operation: 'charge', cardUuid: uuid, slug, dues: 1, cvv: '737' },
			undefined,
			{ continueOnFail: true },
			credentialsHelper,
		);
		expect(await sandbox.control.count('POST /tc_payment/')).toBe(1);
		expect(items[0].json).toMatchObject({
			httpCode: '401',
			error: expect.stringMatching(/^The card charge for \w+: authentication failed \(HTTP 401\)/),
		});
	});
});

describe('Card → Get against a list that ignores card_uuid', () => {
	it('returns the card asked for, and says so when it is not there', async () => {
		await run(REGISTER, [VISA, { number: '5555555555554444', holder: 'BETO', expiry: '12/30' }]);
		const [first, second] = await sandbox.control.cards();
		const everyCard = [first, second].map((card) => ({
			uuid: card.uuid,
			bin_card: card.number.slice(0, 6),
			iai_card: card.number.slice(-4),
			franchise: card.franchise,
			name_card: card.name,
		}));
		await sandbox.control.injectFault({
			route: 'GET /list_tc/',
			body: 'json',
			json: everyCard,
			times: 2,
		});
		const found = await run({ resource: 'card', operation: 'get', cardUuid: second.uuid });
		expect(found.items[0].json).toMatchObject({ card_uuid: second.uuid, last4: '4444' });
		expect(first.uuid).not.toBe(second.uuid);
		const missing = await run(
			{ resource: 'card', operation: 'get', cardUuid: 'no-such-card' },
			undefined,
			{ continueOnFail: true },
		);
		expect(missing.items[0].json).toMatchObject({
			error: 'No saved card has the card_uuid no-such-card',
			outcome: 'failed',
		});
	});
});
