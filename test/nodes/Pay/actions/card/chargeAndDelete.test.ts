/**
 * Card → Charge and Card → Delete against both readings of the service: real clients send the slug
 * as `pay_url` and delete with `GET /delete_tc/?tc_id=`, the spec's reading takes `url` and
 * `DELETE`. The node works with either by default; a charge is sent once whatever is refused.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../../sandbox';
import { runPayNode } from '../../../../harness/runWorkflow';
import type { NodeSettings } from '../../../../harness/runWorkflow';
import { sandboxCredentials } from '../../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../../harness/sandboxPerFile';
import { profileUnderTest } from '../../../../harness/sandboxProfile';
import { CARD_PAYABLE_PAYMENT } from './cardPayable';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const REGISTER = {
	resource: 'card',
	operation: 'register',
	cardNumber: '4111 1111 1111 1111',
	holderName: 'ANA',
	expiry: '12/30',
};

async function run(parameters: IDataObject, settings: NodeSettings = {}) {
	return await runPayNode({
		parameters: parameters as never,
		credentials: sandboxCredentials(sandbox),
		settings,
	});
}

async function cardAndPayment(): Promise<{ uuid: string; slug: string }> {
	const registered = await run(REGISTER);
	const created = await run(CARD_PAYABLE_PAYMENT);
	await sandbox.control.resetCounters();
	return {
		uuid: registered.items[0].json.card_uuid as string,
		slug: created.items[0].json.slug as string,
	};
}

describe('Card → Charge', () => {
	it('pays with the default settings in one request, with IMEI, latitude and longitude when given', async () => {
		const { uuid, slug } = await cardAndPayment();
		const device = { imei: '356938035643809', latitude: '4.6097', longitude: '-74.0817' };
		const { items, error } = await run({
			resource: 'card',
			operation: 'charge',
			cardUuid: uuid,
			slug,
			dues: 2,
			cvv: '737',
			options: device,
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ slug, card_uuid: uuid, dues: 2, charged: true });
		expect(await sandbox.control.count('POST /tc_payment/')).toBe(1);
		expect((await sandbox.control.payment(slug)).state).toBe(3);
		const [card] = await sandbox.control.cards();
		expect(card.chargedCvvs).toEqual(['737']);
		// Only real clients' reading keeps the device fields; the spec's takes no such fields.
		expect(card.chargeDevices).toEqual(profileUnderTest() === 'observed' ? [device] : []);
	});

	it('a slug name the service does not take is refused once and never sent again under the other name', async () => {
		const { uuid, slug } = await cardAndPayment();
		const refusedName = profileUnderTest() === 'observed' ? 'url' : 'pay_url';
		const { items } = await run(
			{
				resource: 'card',
				operation: 'charge',
				cardUuid: uuid,
				slug,
				dues: 1,
				cvv: '737',
				options: { slugField: refusedName },
			},
			{ continueOnFail: true, retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
		);
		expect(items[0].json).toMatchObject({ httpCode: '400', outcome: 'refused' });
		expect(await sandbox.control.count('POST /tc_payment/')).toBe(1);
		expect((await sandbox.control.payment(slug)).state).not.toBe(3);
		expect((await sandbox.control.cards())[0].chargedCvvs).toEqual([]);
	});
});

describe('Card → Delete', () => {
	const deleteRequests = async () => ({
		GET: await sandbox.control.count('GET /delete_tc/'),
		DELETE: await sandbox.control.count('DELETE /delete_tc/'),
	});

	it.each([['GET'], ['DELETE']])(
		'deletes whichever request the service takes, trying %s first and the other only after a 405',
		async (first) => {
			const { uuid } = await cardAndPayment();
			const { items, error } = await run({
				resource: 'card',
				operation: 'delete',
				cardUuid: uuid,
				options: { deleteMethod: first },
			});
			expect(error).toBeUndefined();
			const taken = profileUnderTest() === 'observed' ? 'GET' : 'DELETE';
			expect(items[0].json).toMatchObject({ card_uuid: uuid, deleted: true, method: taken });
			expect(await sandbox.control.cards()).toEqual([]);
			expect(await deleteRequests()).toEqual(
				first === taken
					? { [first]: 1, [first === 'GET' ? 'DELETE' : 'GET']: 0 }
					: { GET: 1, DELETE: 1 },
			);
		},
	);

	it('sends GET /delete_tc/?tc_id= by default, as real clients do', async () => {
		const { uuid } = await cardAndPayment();
		await sandbox.control.injectFault({ route: 'GET /delete_tc/', status: 404 });
		const { items } = await run(
			{ resource: 'card', operation: 'delete', cardUuid: uuid },
			{ continueOnFail: true },
		);
		// A refusal other than 405 is the answer: the other request is not tried.
		expect(items[0].json).toMatchObject({ httpCode: '404', outcome: 'refused' });
		expect(await deleteRequests()).toEqual({ GET: 1, DELETE: 0 });
	});

	it('after an answer lost to a server error, does not try the other request either', async () => {
		const { uuid } = await cardAndPayment();
		await sandbox.control.injectFault({ route: 'GET /delete_tc/', status: 500 });
		const { items } = await run(
			{ resource: 'card', operation: 'delete', cardUuid: uuid },
			{ continueOnFail: true },
		);
		expect(items[0].json).toMatchObject({ httpCode: '500', outcome: 'unknown' });
		expect(await deleteRequests()).toEqual({ GET: 1, DELETE: 0 });
	});
});
