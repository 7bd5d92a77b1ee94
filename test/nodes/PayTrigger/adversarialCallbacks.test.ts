/**
 * Every callback gets a clear answer (issue 55, point 7): the trigger's webhook is reachable from
 * the internet, so whatever body arrives within the size limit ends as a 4xx with a reason, a 200
 * that starts nothing, or a started workflow whose item n8n can copy and save; never a throw (n8n
 * would answer 500 and record a failed execution), never a change to Object.prototype.
 */
import fc from 'fast-check';

import type { Sandbox } from '../../../sandbox';
import {
	adversarialBody,
	asN8nDelivers,
	prototypePolluted,
	survivesN8n,
} from '../../harness/adversarialBodies';
import type { SentBody } from '../../harness/adversarialBodies';
import { PayTriggerHarness } from '../../harness/payTriggerHarness';
import type { TriggerAnswer } from '../../harness/payTriggerHarness';
import { sandboxCredentials, TEST_CALLBACK_SECRET } from '../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../harness/sandboxPerFile';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const query = { token: TEST_CALLBACK_SECRET };
const EVERY_EVENT = { events: ['paymentPaid', 'paymentOther', 'withdrawal'] };

/** A clear answer: a refusal with its reason, a 200 that starts nothing, or a started run. */
function expectClearAnswer(answer: TriggerAnswer): void {
	const { status, body } = answer.response ?? { status: 0, body: undefined };
	if (answer.answeredByN8n) {
		expect(status).toBe(200);
		expect(answer.items).toHaveLength(1);
		survivesN8n(answer.items);
		return;
	}
	expect(answer.items).toHaveLength(0);
	if (status === 200) {
		expect(body).toMatchObject({ received: true, note: expect.any(String) });
		return;
	}
	expect(status).toBeGreaterThanOrEqual(400);
	expect(status).toBeLessThan(500);
	const message = (body as { message?: unknown }).message;
	expect(typeof message === 'string' && message.length > 0).toBe(true);
}

describe.each([1, 2])('Pay Trigger version %i, any body a sender makes', (typeVersion) => {
	let harness: PayTriggerHarness;
	beforeAll(async () => {
		harness = await PayTriggerHarness.create(
			{ ...EVERY_EVENT, options: { repeatWindowMinutes: 0 } } as never,
			sandboxCredentials(sandbox),
			{ typeVersion, workflowId: `adversarial-${typeVersion}` },
		);
	});

	it('answers 4xx with a reason or starts the workflow; never throws, never reaches Object.prototype', async () => {
		await fc.assert(
			fc.asyncProperty(adversarialBody, async (sent: SentBody) => {
				const answer = await harness.receive(asN8nDelivers(sent, query));
				expectClearAnswer(answer);
				expect(prototypePolluted()).toBe(false);
			}),
			{ numRuns: 150 },
		);
	});

	it.each([
		['an object', '{"url":"abc123","x":', '{"a":', '}'],
		['an array', '{"id":"W-1","state":2,"date_x":', '[', ']'],
	])(
		'refuses a body nested past the limit inside %s with a 400 saying so, as n8n parsed it or raw',
		async (_shape, prefix, open, close) => {
			const depth = 9_000;
			const rawBody = `${prefix}${open.repeat(depth)}1${close.repeat(depth)}}`;
			for (const body of [JSON.parse(rawBody), {}]) {
				const answer = await harness.receive({ body, rawBody, query });
				expect(answer.response).toEqual({
					status: 400,
					body: { received: false, message: expect.stringMatching(/nested deeper than 16/) },
				});
			}
		},
	);

	it('refuses a withdrawal id past what a JSON number holds exactly, rather than read another id', async () => {
		const rawBody = '{"id":9007199254740993,"state":2}';
		const answer = await harness.receive({ body: JSON.parse(rawBody), rawBody, query });
		expect(answer.response).toEqual({
			status: 400,
			body: { received: false, message: expect.stringMatching(/"id" is a number that cannot/) },
		});
	});
});
