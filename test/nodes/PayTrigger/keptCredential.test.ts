/**
 * The Pay Trigger keeps the credential it read for a few seconds, instead of having n8n fetch and
 * decrypt it for every callback; a changed secret works at once, and the old one stops working
 * within that time.
 */
import type { Sandbox } from '../../../sandbox';
import { PayTriggerHarness } from '../../harness/payTriggerHarness';
import { sandboxCredentials, TEST_CALLBACK_SECRET } from '../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../harness/sandboxPerFile';
import { createPayment, decoded, login } from '../../sandbox/apiClient';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

/** CREDENTIAL_KEPT_MS of nodes/shared/callback/credentialCache.ts, as a user would be told it. */
const KEPT_MS = 10_000;
const NEW_SECRET = 'a-new-callback-secret-0123456789abcdef';

const parameters = {
	events: ['paymentPaid', 'paymentOther', 'withdrawal'],
	options: { repeatWindowMinutes: 0 },
};

async function paidCallback(): Promise<Record<string, unknown>> {
	const slug = (decoded(await createPayment(await login(sandbox))) as { url: string }).url;
	await sandbox.control.pay(slug);
	return { payed: true, url: slug, state: 3, amount: '50000.00', payment_method: 'pse' };
}

afterEach(() => jest.restoreAllMocks());

describe('Pay Trigger credential kept between callbacks', () => {
	it('reads the credential once for callbacks arriving within a few seconds', async () => {
		const harness = await PayTriggerHarness.create(
			parameters as never,
			sandboxCredentials(sandbox),
		);
		for (let index = 0; index < 3; index++) {
			const answer = await harness.receive({
				body: await paidCallback(),
				query: { token: TEST_CALLBACK_SECRET },
			});
			expect(answer.items).toHaveLength(1);
			expect(answer.items[0].verified).toBe(true);
		}
		expect(harness.credentials.decryptions).toBe(1);
	});

	it('accepts a changed secret at once, reading the credential again', async () => {
		const harness = await PayTriggerHarness.create(
			parameters as never,
			sandboxCredentials(sandbox),
		);
		expect(
			(
				await harness.receive({
					body: await paidCallback(),
					query: { token: TEST_CALLBACK_SECRET },
				})
			).items,
		).toHaveLength(1);
		harness.changeCredential({ callbackSecret: NEW_SECRET });
		const answer = await harness.receive({
			body: await paidCallback(),
			query: { token: NEW_SECRET },
		});
		expect(answer.items).toHaveLength(1);
		expect(harness.credentials.decryptions).toBe(2);
	});

	it('refuses the old secret once the kept credential is older than the time it is kept', async () => {
		const harness = await PayTriggerHarness.create(
			parameters as never,
			sandboxCredentials(sandbox),
		);
		expect(
			(
				await harness.receive({
					body: await paidCallback(),
					query: { token: TEST_CALLBACK_SECRET },
				})
			).items,
		).toHaveLength(1);
		harness.changeCredential({ callbackSecret: NEW_SECRET });
		const now = Date.now();
		jest.spyOn(Date, 'now').mockReturnValue(now + KEPT_MS + 1);
		const answer = await harness.receive({
			body: await paidCallback(),
			query: { token: TEST_CALLBACK_SECRET },
		});
		expect(answer.items).toHaveLength(0);
		expect(answer.response?.status).toBe(401);
	});

	it('refuses a wrong secret after reading the credential again, and keeps no failed read', async () => {
		const harness = await PayTriggerHarness.create(
			parameters as never,
			sandboxCredentials(sandbox),
		);
		const answer = await harness.receive({
			body: await paidCallback(),
			query: { token: 'not-the-secret-at-all' },
		});
		expect(answer.response?.status).toBe(401);
		expect(answer.items).toHaveLength(0);
	});
});
