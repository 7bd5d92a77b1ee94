/**
 * A waiting operation's resume gets the same clear answers as the Pay Trigger (issue 55, point 7):
 * a body that carries the wait's token but no callback, whatever its nesting, shape or encoding, is
 * answered 4xx with a reason and the execution waits on; nothing in it makes the node's webhook
 * throw, which would end the waiting execution as failed.
 */
import fc from 'fast-check';

import type { Sandbox } from '../../../../sandbox';
import { adversarialBody, asN8nDelivers, survivesN8n } from '../../../harness/adversarialBodies';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';
import { replayCallback, slugsOf, tokenOfLink, waitForLinks } from './linkWaits';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

describe('a waiting payment, any body carrying its token', () => {
	it('answers 4xx with a reason or goes on with the service’s word; never throws', async () => {
		const run = await waitForLinks(sandbox, [{ amount: 50000, invoice: 'ODD-1' }]);
		const slug = slugsOf(run)[0];
		const query = { token: await tokenOfLink(sandbox, slug) };
		await fc.assert(
			fc.asyncProperty(adversarialBody, async (sent) => {
				const answer = await run.callback(asN8nDelivers(sent, query));
				if (answer.items !== undefined) {
					survivesN8n(answer.items);
					return;
				}
				expect(answer.status).toBeGreaterThanOrEqual(200);
				expect(answer.status).toBeLessThan(500);
				const message = (answer.body as { message?: unknown } | undefined)?.message;
				if (answer.status >= 400) expect(typeof message === 'string' && message !== '').toBe(true);
			}),
			{ numRuns: 80 },
		);
		// The wait is still whole: the genuine callback, once paid, ends it.
		await sandbox.control.pay(slug);
		const paid = await replayCallback(sandbox, run, slug);
		expect(paid.items).toEqual([expect.objectContaining({ payment_outcome: 'paid', slug })]);
	});

	it('refuses a deeply nested body with a 400 saying so, and waits on', async () => {
		const run = await waitForLinks(sandbox, [{ amount: 50000, invoice: 'DEEP-1' }]);
		const slug = slugsOf(run)[0];
		const rawBody = `{"url":"${slug}","state":3,"x":${'['.repeat(9_000)}${']'.repeat(9_000)}}`;
		const answer = await run.callback({
			body: JSON.parse(rawBody),
			rawBody,
			query: { token: await tokenOfLink(sandbox, slug) },
		});
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({
			received: false,
			message: expect.stringMatching(/nested deeper than 16/),
		});
		expect(answer.items).toBeUndefined();
	});
});
