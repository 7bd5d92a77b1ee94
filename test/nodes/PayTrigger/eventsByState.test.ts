/**
 * The Pay Trigger's Events selector, state by state: each payment state the service's own plugin
 * acts on (in process, not paid, paid, refunded; and expired) and each withdrawal status can be
 * chosen alone, and the values saved by workflows before (Payment Paid, Payment State Changed,
 * Withdrawal Status Changed, and the default) start on exactly what they started on before.
 * Payment callbacks are verified against the sandbox, so each object is put in the state it claims.
 */
import type { INodeType } from 'n8n-workflow';

import type { Sandbox } from '../../../sandbox';
import { loadBuiltPackage } from '../../harness/loadPackage';
import { PayTriggerHarness } from '../../harness/payTriggerHarness';
import { sandboxCredentials, TEST_CALLBACK_SECRET } from '../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../harness/sandboxPerFile';
import { createPayment, login } from '../../sandbox/apiClient';

let sandbox: Sandbox;

useSandboxPerFile((started) => (sandbox = started));

const PAYMENT_STATES = [1, 2, 3, 4, 5];
const WITHDRAWAL_STATES = [0, 1, 2, 3, 4, 5];

/** What each value of the selector starts on, written out independently of the node's code. */
const STARTS_ON: Record<string, { payment: number[]; withdrawal: number[] }> = {
	paymentInProcess: { payment: [1], withdrawal: [] },
	paymentNotPaid: { payment: [2], withdrawal: [] },
	paymentPaid: { payment: [3], withdrawal: [] },
	paymentRefunded: { payment: [4], withdrawal: [] },
	paymentExpired: { payment: [5], withdrawal: [] },
	// Before states were selectable: any payment state but paid, any withdrawal status.
	paymentOther: { payment: [1, 2, 4, 5], withdrawal: [] },
	withdrawal: { payment: [], withdrawal: [0, 1, 2, 3, 4, 5] },
	withdrawalCreated: { payment: [], withdrawal: [0] },
	withdrawalInProcess: { payment: [], withdrawal: [1] },
	withdrawalDeposited: { payment: [], withdrawal: [2] },
	withdrawalConsigned: { payment: [], withdrawal: [3] },
	withdrawalError: { payment: [], withdrawal: [4] },
	withdrawalRejected: { payment: [], withdrawal: [5] },
};

/** One payment callback per state, each for an object the sandbox holds in that state. */
async function paymentCallbacks(): Promise<Map<number, Record<string, unknown>>> {
	const client = await login(sandbox);
	const bodies = new Map<number, Record<string, unknown>>();
	for (const state of PAYMENT_STATES) {
		const slug = (await createPayment(client)).url as string;
		if (state === 3) await sandbox.control.pay(slug, 'pse');
		else await sandbox.control.setPaymentState(slug, state);
		bodies.set(state, { url: slug, state, payed: state === 3, amount: '50000.00' });
	}
	return bodies;
}

/** Which payment states and withdrawal statuses start a workflow with these events selected. */
async function startedWith(
	events: string[] | undefined,
	payments: Map<number, Record<string, unknown>>,
): Promise<{ payment: number[]; withdrawal: number[] }> {
	// Repeats off: the same callbacks go to every harness of this file.
	const parameters = { ...(events ? { events } : {}), options: { repeatWindowMinutes: 0 } };
	const harness = await PayTriggerHarness.create(parameters as never, sandboxCredentials(sandbox));
	const started = { payment: [] as number[], withdrawal: [] as number[] };
	const query = { token: TEST_CALLBACK_SECRET };
	for (const [state, body] of payments) {
		const answer = await harness.receive({ body, query });
		expect(answer.response?.status).toBe(200);
		if (answer.items.length > 0) started.payment.push(state);
	}
	for (const state of WITHDRAWAL_STATES) {
		const answer = await harness.receive({ body: { id: 70 + state, state, amount: 20000 }, query });
		expect(answer.response?.status).toBe(200);
		if (answer.items.length > 0) started.withdrawal.push(state);
	}
	return started;
}

describe('Pay Trigger events by state', () => {
	it('each value of the selector, chosen alone, starts on its states and on nothing else', async () => {
		const payments = await paymentCallbacks();
		for (const [value, expected] of Object.entries(STARTS_ON))
			expect([value, await startedWith([value], payments)]).toEqual([value, expected]);
	});

	it('a workflow saved before (no events stored: the default) starts on paid payments and every withdrawal status, as before', async () => {
		const { nodeTypes, typeName } = await loadBuiltPackage();
		const { description } = nodeTypes.getByName(typeName('payTrigger')) as INodeType;
		const events = description.properties.find((property) => property.name === 'events');
		expect(events?.default).toEqual(['paymentPaid', 'withdrawal']);
		expect(await startedWith(undefined, await paymentCallbacks())).toEqual({
			payment: [3],
			withdrawal: [0, 1, 2, 3, 4, 5],
		});
	});

	it('several states together start on each of them; a state chosen beside its catch-all starts once', async () => {
		const payments = await paymentCallbacks();
		expect(
			await startedWith(['paymentRefunded', 'paymentNotPaid', 'withdrawalRejected'], payments),
		).toEqual({ payment: [2, 4], withdrawal: [5] });
		const harness = await PayTriggerHarness.create(
			{ events: ['paymentRefunded', 'paymentOther'], options: { repeatWindowMinutes: 0 } } as never,
			sandboxCredentials(sandbox),
		);
		const answer = await harness.receive({
			body: payments.get(4) as Record<string, unknown>,
			query: { token: TEST_CALLBACK_SECRET },
		});
		expect(answer.items).toHaveLength(1);
		expect(answer.items[0]).toMatchObject({ state: 4, state_label: 'refunded', verified: true });
	});

	it('a payment callback claiming a state the service does not confirm starts nothing, whatever is selected', async () => {
		const payments = await paymentCallbacks();
		const refunded = payments.get(4) as Record<string, unknown>;
		const harness = await PayTriggerHarness.create(
			{ events: ['paymentInProcess'], options: { repeatWindowMinutes: 0 } } as never,
			sandboxCredentials(sandbox),
		);
		const answer = await harness.receive({
			body: { ...refunded, state: 1 },
			query: { token: TEST_CALLBACK_SECRET },
		});
		expect(answer.items).toHaveLength(0);
		expect(JSON.stringify(answer.response?.body)).toMatch(/the service says 4/);
	});
});

describe('Pay Trigger Events selector in the editor', () => {
	it('lists its options sorted by name, every value the node acts on, and words for the canvas', async () => {
		const { nodeTypes, typeName } = await loadBuiltPackage();
		const { description } = nodeTypes.getByName(typeName('payTrigger')) as INodeType;
		const events = description.properties.find((property) => property.name === 'events');
		const names = (events?.options ?? []).map((option) => (option as { name: string }).name);
		expect(names).toEqual([...names].sort());
		expect(
			(events?.options ?? []).map((option) => (option as { value: string }).value).sort(),
		).toEqual(Object.keys(STARTS_ON).sort());
	});
});
