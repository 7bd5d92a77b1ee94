/**
 * Items at Once when the user leaves it unset: reads and payment creations (each with its
 * idempotency key) go 10 at a time, operations that change state one at a time (payouts set to 10
 * go 10 at a time: each Reference is recorded before it is sent). Seen on the wire:
 * a proxy in front of the sandbox holds every request a moment and counts how many are open.
 */
import { createServer, request as forward } from 'http';
import type { IncomingMessage, Server, ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { runPayNode } from '../../../harness/runWorkflow';
import { sandboxCredentials } from '../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';
import { createPayment, decoded, login } from '../../../sandbox/apiClient';
import { TRANSFER_FROM_ITEMS } from '../../../harness/parameters';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

/** Most requests open at the same time, per route (`GET /pay_detail/`), since the last reset. */
const mostOpen = new Map<string, number>();
let proxy: Server;
let proxyUrl: string;

function routeOf(incoming: IncomingMessage): string {
	const path = (incoming.url ?? '').replace(/\?.*$/, '').replace(/^(\/[a-z_]+\/).*$/, '$1');
	return `${incoming.method} ${path}`;
}

beforeAll(async () => {
	const open = new Map<string, number>();
	proxy = createServer((incoming: IncomingMessage, answer: ServerResponse) => {
		const route = routeOf(incoming);
		open.set(route, (open.get(route) ?? 0) + 1);
		mostOpen.set(route, Math.max(mostOpen.get(route) ?? 0, open.get(route) as number));
		const target = new URL(sandbox.baseUrl);
		// Held a moment (long enough on a busy machine), so requests sent together are open together.
		setTimeout(() => {
			const outgoing = forward(
				{
					host: target.hostname,
					port: target.port,
					method: incoming.method,
					path: incoming.url,
					headers: incoming.headers,
				},
				(response) => {
					answer.writeHead(response.statusCode ?? 502, response.headers);
					response.pipe(answer);
					response.on('end', () => open.set(route, (open.get(route) as number) - 1));
				},
			);
			incoming.pipe(outgoing);
		}, 250);
	});
	await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
	proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => await new Promise((resolve) => proxy.close(resolve)));

beforeEach(() => mostOpen.clear());

async function run(parameters: Record<string, unknown>, input: IDataObject[], workflowId?: string) {
	const outcome = await runPayNode({
		parameters: parameters as never,
		input,
		credentials: sandboxCredentials(sandbox, sandbox.demo, { baseUrl: proxyUrl }),
		workflowId,
	});
	expect(outcome.error).toBeUndefined();
	return outcome;
}

async function slugs(count: number): Promise<string[]> {
	const client = await login(sandbox);
	const made: string[] = [];
	for (let index = 0; index < count; index++)
		made.push((decoded(await createPayment(client)) as { url: string }).url);
	return made;
}

describe('Items at Once left unset', () => {
	it('reads payments 10 at a time, output in input order', async () => {
		const made = await slugs(12);
		const { items } = await run(
			{ resource: 'payment', operation: 'get', slug: '={{ $json.slug }}' },
			made.map((slug) => ({ slug })),
		);
		expect(items.map((item) => item.json.slug)).toEqual(made);
		expect(mostOpen.get('GET /pay_detail/')).toBe(10);
	});

	it('creates payments 10 at a time: each carries its own idempotency key', async () => {
		const input = Array.from({ length: 12 }, (_, index) => ({ amount: 1000 + index }));
		const { items } = await run(
			{
				resource: 'payment',
				operation: 'create',
				amount: '={{ $json.amount }}',
				description: 'Invoice',
				paymentMethods: ['pse'],
				payerRedirectUrl: 'https://shop.example/thanks',
				callbackUrl: 'https://hooks.example/webhook/pay',
				options: {},
			},
			input,
		);
		expect(items.map((item) => item.json.amount)).toEqual(input.map((row) => row.amount));
		expect(mostOpen.get('POST /pay/')).toBe(10);
	});

	it('sends transfers one at a time, in input order; with Items at Once 10, 10 at a time', async () => {
		const input = Array.from({ length: 12 }, (_, index) => ({ to: 'friend', amount: 100 + index }));
		await run(TRANSFER_FROM_ITEMS, input.slice(0, 3), `items-at-once-one-${Date.now()}`);
		expect(mostOpen.get('POST /send/')).toBe(1);
		mostOpen.clear();
		const parameters = { ...TRANSFER_FROM_ITEMS, requestOptions: { concurrency: 10 } };
		const { items } = await run(parameters, input, `items-at-once-ten-${Date.now()}`);
		expect(items.map((item) => item.json.amount)).toEqual(input.map((row) => row.amount));
		expect(mostOpen.get('POST /send/')).toBe(10);
		expect(await sandbox.control.count('POST /send/')).toBe(15);
	});

	it('expires payments one at a time, as every operation that changes state', async () => {
		const made = await slugs(4);
		await run(
			{ resource: 'payment', operation: 'expire', slug: '={{ $json.slug }}' },
			made.map((slug) => ({ slug })),
		);
		const expiring = [...mostOpen].filter(([route]) => !route.startsWith('POST /token/'));
		expect(expiring.length).toBeGreaterThan(0);
		for (const [, open] of expiring) expect(open).toBe(1);
	});

	it('reads one at a time when Items at Once is set to 1', async () => {
		const made = await slugs(4);
		await run(
			{
				resource: 'payment',
				operation: 'get',
				slug: '={{ $json.slug }}',
				requestOptions: { concurrency: 1 },
			},
			made.map((slug) => ({ slug })),
		);
		expect(mostOpen.get('GET /pay_detail/')).toBe(1);
	});
});
