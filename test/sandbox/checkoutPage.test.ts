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

	/** The page of a link as a person opens it: status, type and the text without its markup. */
	async function openPage(slug: string): Promise<{ status: number; html: string; text: string }> {
		const response = await fetch(`${sandbox.baseUrl}/_sandbox/checkout/${slug}`);
		const html = await response.text();
		expect(response.headers.get('content-type')).toMatch(/text\/html/);
		return { status: response.status, html, text: html.replace(/<[^>]+>/g, ' ') };
	}

	/** No Pay button, no JSON body or JSON fragment anywhere in the page. */
	function expectNoButtonNorJson(html: string): void {
		expect(html).not.toMatch(/<form|<button/);
		expect(html).not.toMatch(/[{}]|"(error|detail|result)"/);
	}

	it.each([
		['paid', 3, /Paid\./],
		['expired', 5, /Expired: this payment link can no longer be paid/],
		['refunded', 4, /Refunded: this payment was refunded; the link can no longer be paid/],
	])('says a %s link is so in words, with no Pay button', async (_name, state, words) => {
		const created = await createPayment(demo, { callback: receiverUrl, platform: 'API' });
		await sandbox.control.setPaymentState(created.url as string, state);
		const page = await openPage(created.url as string);
		expect(page.status).toBe(200);
		expect(page.text).toMatch(words);
		expect(page.text).not.toMatch(/state \d/);
		expectNoButtonNorJson(page.html);
	});

	it('says a link its owner canceled (Payment → Expire) is canceled, and when', async () => {
		const created = await createPayment(demo, { callback: receiverUrl, platform: 'API' });
		await demo.call('POST', '/pay/update_to_expired/', { url: created.url });
		const page = await openPage(created.url as string);
		expect(page.text).toMatch(
			/Canceled: the link's owner expired it on \d{4}-\d\d-\d\d \d\d:\d\d UTC; it can no longer be paid/,
		);
		expectNoButtonNorJson(page.html);
	});

	it('answers the Pay button of a page left open after the link expired with a page, not JSON', async () => {
		const created = await createPayment(demo, { callback: receiverUrl, platform: 'API' });
		const open = await openPage(created.url as string);
		const action = /<form method="post" action="([^"]+)"/.exec(open.html)?.[1] as string;
		await demo.call('POST', '/pay/update_to_expired/', { url: created.url });
		const response = await fetch(`${sandbox.baseUrl}${action}`, { method: 'POST', body: '' });
		const html = await response.text();
		expect(response.status).toBe(409);
		expect(response.headers.get('content-type')).toMatch(/text\/html/);
		expect(html).toMatch(/Not paid: this link was canceled/);
		expectNoButtonNorJson(html);
		expect((await sandbox.control.paymentChanges(created.url as string)).at(-1)?.state).toBe(5);
	});

	it('answers the page of an unknown link with a page saying so', async () => {
		const page = await openPage('noSuchLink123');
		expect(page.status).toBe(404);
		expect(page.text).toMatch(/There is no payment link noSuchLink123 in this sandbox/);
		expectNoButtonNorJson(page.html);
	});
});
