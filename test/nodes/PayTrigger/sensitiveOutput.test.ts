/**
 * The Pay Trigger outputs the callback's headers. Those that carry credentials are named in its
 * `sensitiveOutputFields`, which n8n 2.41+ hides wherever it shows execution data (its
 * node-defined-field redaction replaces each path with a marker that cannot be revealed).
 * This file applies the paths as n8n does to a real output item of the trigger.
 */
import type { IDataObject } from 'n8n-workflow';

import { loadBuiltPackage } from '../../harness/loadPackage';
import { PayTriggerHarness } from '../../harness/payTriggerHarness';
import { TEST_CALLBACK_SECRET } from '../../harness/sandboxCredentials';

/**
 * What n8n 2.41 does with each path (NodeDefinedFieldRedactionStrategy): dot-separated, the last
 * key replaced when present.
 */
function redactAsN8nDoes(json: IDataObject, paths: string[]): IDataObject {
	for (const path of paths) {
		const keys = path.split('.');
		let current: IDataObject | undefined = json;
		for (const key of keys.slice(0, -1))
			current =
				typeof current?.[key] === 'object' && current[key] !== null
					? (current[key] as IDataObject)
					: undefined;
		const last = keys[keys.length - 1];
		if (current && last in current)
			current[last] = { __redacted: true, reason: 'node_defined_field', canReveal: false };
	}
	return json;
}

const credentials = {
	baseUrl: 'http://127.0.0.1:9',
	apiKey: 'api-key-0123456789',
	authMethod: 'refreshToken',
	refreshToken: 'refresh-0123456789',
	callbackSecret: TEST_CALLBACK_SECRET,
};
const withdrawalCallback = {
	id: 7,
	state: 2,
	amount: 20000,
	date_updated: '2026-11-23T10:00:00Z',
	account_key: '@demo',
	bank_name: 'Bre-B',
	note: '',
};
const credentialHeaders = {
	authorization: 'Basic c2VuZGVyOnBhc3N3b3JkLW9mLXRoZS1zZW5kZXI=',
	cookie: 'session=cookie-of-the-sender',
	'proxy-authorization': 'Bearer proxy-token-of-the-sender',
	'x-api-key': 'api-key-of-the-sender',
};

describe('Pay Trigger output shown by n8n 2.41', () => {
	it('hides the headers that carry credentials, keeps the others and the event', async () => {
		const { nodeTypes, typeName } = await loadBuiltPackage();
		const paths =
			nodeTypes.getByNameAndVersion(typeName('payTrigger'), 1).description.sensitiveOutputFields ??
			[];
		const harness = await PayTriggerHarness.create(
			{ events: ['withdrawal'], options: {} },
			credentials,
		);
		const answer = await harness.receive({
			body: withdrawalCallback,
			query: { token: TEST_CALLBACK_SECRET },
			headers: { ...credentialHeaders, 'user-agent': 'service/1.0' },
		});
		expect(answer.items).toHaveLength(1);
		const item = answer.items[0];
		// The workflow itself gets the headers as they came.
		expect(item.headers).toMatchObject(credentialHeaders);

		const shown = JSON.stringify(redactAsN8nDoes(structuredClone(item), paths));
		for (const value of Object.values(credentialHeaders)) expect(shown).not.toContain(value);
		const headers = JSON.parse(shown).headers as IDataObject;
		for (const name of Object.keys(credentialHeaders))
			expect(headers[name]).toEqual({
				__redacted: true,
				reason: 'node_defined_field',
				canReveal: false,
			});
		expect(headers['user-agent']).toBe('service/1.0');
		expect(headers['content-type']).toBe('application/json');
		expect(JSON.parse(shown)).toMatchObject({
			event: 'withdrawal.status_changed',
			withdrawal_id: '7',
			amount: 20000,
		});
	});
});
