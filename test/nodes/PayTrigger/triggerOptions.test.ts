/**
 * No setting value turns a guard off without saying so (issue 55, point 7): an Options value the
 * trigger cannot use is refused naming the field, when the workflow is activated (or listens for a
 * test event) and on every callback; the editor's field says what it takes. Before, a repeat
 * window of -1, NaN or a text switched the repeat guard off in silence.
 */
import fc from 'fast-check';
import { isIP } from 'net';
import type { IDataObject, INodeProperties, INodeType } from 'n8n-workflow';

import type { Sandbox } from '../../../sandbox';
import { loadBuiltPackage } from '../../harness/loadPackage';
import { payNode } from '../../harness/payNode';
import { PayTriggerHarness } from '../../harness/payTriggerHarness';
import { sandboxCredentials, TEST_CALLBACK_SECRET } from '../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../harness/sandboxPerFile';
import { isIpAddress, readTriggerOptions } from '../../../nodes/PayTrigger/triggerOptions';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const WINDOW_FIELD = 'Options → Ignore Repeats Within (Minutes):';
const withdrawal = { body: { id: 'W-77', state: 2 }, query: { token: TEST_CALLBACK_SECRET } };

async function triggerWith(options: IDataObject): Promise<PayTriggerHarness> {
	return await PayTriggerHarness.create(
		{ events: ['withdrawal'], options } as never,
		sandboxCredentials(sandbox),
		{ workflowId: `options-${Math.random()}` },
	);
}

/** The trigger's activation check, as n8n calls it on activating or listening. */
async function activate(options: IDataObject): Promise<unknown> {
	const loaded = await loadBuiltPackage();
	const trigger = loaded.nodeTypes.getByName(loaded.typeName('payTrigger')) as INodeType;
	const context = {
		getNode: () => payNode(),
		getNodeParameter: (name: string, fallback: unknown) =>
			name === 'options' ? options : fallback,
		getWorkflowStaticData: () => ({}),
	};
	return await trigger.webhookMethods?.default?.checkExists.call(context as never);
}

describe('Pay Trigger options that a guard cannot use', () => {
	it.each([[-1], [Number.NaN], ['abc'], [''], [[5]], [Number.POSITIVE_INFINITY]])(
		'a repeat window of %p stops the trigger naming the field, rather than starting a repeat',
		async (window) => {
			const harness = await triggerWith({ repeatWindowMinutes: window });
			await expect(harness.receive(withdrawal)).rejects.toThrow(WINDOW_FIELD);
			await expect(activate({ repeatWindowMinutes: window })).rejects.toThrow(WINDOW_FIELD);
		},
	);

	it('a window of 0 turns the guard off, as the field says; a window given as numeric text holds', async () => {
		const off = await triggerWith({ repeatWindowMinutes: 0 });
		expect((await off.receive(withdrawal)).items).toHaveLength(1);
		expect((await off.receive(withdrawal)).items).toHaveLength(1);
		const mapped = await triggerWith({ repeatWindowMinutes: '30' });
		expect((await mapped.receive(withdrawal)).items).toHaveLength(1);
		expect((await mapped.receive(withdrawal)).items).toHaveLength(0);
		await expect(activate({ repeatWindowMinutes: '30' })).resolves.toBe(false);
	});

	it.each([
		['allowedIps', '203.0.113.10, 203.0.113.0/24', 'Allowed Sender IPs: "203.0.113.0/24"'],
		['allowedIps', 'hooks.example.com', 'Allowed Sender IPs: "hooks.example.com"'],
		['requireSecret', 'false', 'Require Callback Secret: must be true or false'],
		['verifyWithApi', 0, 'Verify Payments with the API: must be true or false'],
	])('%s = %p is refused naming the field', async (name, value, words) => {
		const harness = await triggerWith({ [name]: value });
		await expect(harness.receive(withdrawal)).rejects.toThrow(`Options → ${words}`);
		await expect(activate({ [name]: value })).rejects.toThrow(`Options → ${words}`);
	});

	it('any repeat window is refused naming the field, or used as the number it is (0 or more)', () => {
		const anyValue = fc.oneof(
			fc.double(),
			fc.integer(),
			fc.string(),
			fc.double().map(String),
			fc.jsonValue(),
		);
		fc.assert(
			fc.property(anyValue, (value) => {
				let minutes: number;
				try {
					minutes = readTriggerOptions(payNode(), {
						repeatWindowMinutes: value,
					}).repeatWindowMinutes;
				} catch (error) {
					expect((error as Error).message.startsWith(WINDOW_FIELD)).toBe(true);
					return;
				}
				expect(Number.isFinite(minutes) && minutes >= 0).toBe(true);
				expect(minutes).toBe(Number(typeof value === 'string' ? value.trim() : value));
			}),
		);
	});

	it("reads an address as Node's own reader does: every IPv4 and IPv6 form, nothing else", () => {
		fc.assert(fc.property(fc.oneof(fc.ipV4(), fc.ipV6()), (ip) => isIpAddress(ip)));
		fc.assert(
			fc.property(fc.string(), fc.ipV4Extended(), (text, odd) => {
				if (isIpAddress(text)) expect(isIP(text)).toBeGreaterThan(0);
				if (isIpAddress(odd)) expect(isIP(odd)).toBeGreaterThan(0);
			}),
		);
	});

	it('the editor keeps the repeat window at 0 or more and says what else is refused', async () => {
		const loaded = await loadBuiltPackage();
		const trigger = loaded.nodeTypes.getByName(loaded.typeName('payTrigger')) as INodeType;
		const options = trigger.description.properties.find((field) => field.name === 'options');
		const window = (options?.options as INodeProperties[]).find(
			(field) => field.name === 'repeatWindowMinutes',
		);
		expect(window?.typeOptions?.minValue).toBe(0);
		expect(window?.hint).toMatch(/0 turns the guard off.*refused/);
	});
});
