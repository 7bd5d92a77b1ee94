/**
 * The checkout page a person uses to pay a payment link in the sandbox: it ends on a readable page
 * (paid, and what the callback's receiver answered), never on JSON, and never shows the callback
 * secret that the callback URL carries.
 */
import { createServer } from 'http';
import type { AddressInfo, Server } from 'net';

import type { Sandbox, SandboxProfile } from '../../sandbox';
import { createPayment, useSandboxWithDemoClient } from './apiClient';
import type { ApiClient } from './apiClient';

const SECRET = 'page-test-callback-secret-0123456789';

describe.each<SandboxProfile>(['observed', 'spec'])('the checkout page (profile %s)', (profile) => {
	let sandbox: Sandbox;
	let demo: ApiClient;
	useSandboxWithDemoClient({ profile }, (started, client) => {
		sandbox = started;
		demo = client;
	});

	/** A receiver answering every callback with `status`. */
	let receiver: Server;
	let receiverUrl: string;
	let answerWith = 200;
	beforeAll(async () => {
		receiver = createServer((request, response) => {
			request.resume();
			request.on('end', () =>
				response.writeHead(answerWith, { 'content-type': 'application/json' }).end('{}'),
			);
		});
		await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
		receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook/pay`;
	});
	afterAll(async () => await new Promise((resolve) => receiver.close(resolve)));

	/** Opens the page of a new payment, presses its Pay button, and returns the page it ends on. */
	async function payThroughThePage(
		callback: string,
	): Promise<{ slug: string; status: number; contentType: string; html: string }> {
		// platform API: the live service calls back only for such objects.
		const created = await createPayment(demo, { callback, platform: 'API' });
		const page = await (
			await fetch(`${sandbox.baseUrl}/_sandbox/checkout/${created.url as string}`)
		).text();
		const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
		expect(action).toBeDefined();
		// What a browser sends for a form without fields.
		const response = await fetch(`${sandbox.baseUrl}${action as string}`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: '',
		});
		return {
			slug: created.url as string,
			status: response.status,
			contentType: response.headers.get('content-type') ?? '',
			html: await response.text(),
		};
	}

	it('ends on a page saying paid and that the callback was delivered, with its status code, without the secret', async () => {
		answerWith = 200;
		const page = await payThroughThePage(`${receiverUrl}?token=${SECRET}`);
		expect(page.status).toBe(200);
		expect(page.contentType).toMatch(/text\/html/);
		expect(page.html).toContain('Paid.');
		expect(page.html).toContain(
			`Callback to ${receiverUrl} (query not shown: it holds the callback secret): answered <strong>200</strong>, delivered.`,
		);
		expect(page.html).not.toContain(SECRET);
	});

	it('says when the receiver refused the callback, with its status code', async () => {
		answerWith = 401;
		const page = await payThroughThePage(`${receiverUrl}?token=wrong-${SECRET}`);
		expect(page.html).toContain('Paid.');
		expect(page.html).toMatch(/answered <strong>401<\/strong>, refused/);
		expect(page.html).not.toContain(SECRET);
	});

	it('says when the callback could not be delivered at all', async () => {
		const page = await payThroughThePage(`http://127.0.0.1:9/webhook/pay?token=${SECRET}`);
		expect(page.html).toContain('Paid.');
		expect(page.html).toMatch(/<strong>not delivered<\/strong> \(.*ECONNREFUSED.*\)/);
		expect(page.html).not.toContain(SECRET);
	});

	it('shows the same outcome when opened again later', async () => {
		answerWith = 200;
		const paid = await payThroughThePage(`${receiverUrl}?token=${SECRET}`);
		const again = await (await fetch(`${sandbox.baseUrl}/_sandbox/checkout/${paid.slug}`)).text();
		expect(again).toContain('Paid.');
		expect(again).toContain('answered <strong>200</strong>, delivered');
		expect(again).not.toContain('<form');
	});
});
