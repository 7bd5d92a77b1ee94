/**
 * The real-n8n start-up as measured on n8n 2.8.4: a "starting up" page answering 200 on every path,
 * then a few seconds of 404 before the routes exist, then the REST API. A fake server plays the
 * three phases so the readiness check and the owner setup are held to each of them.
 */
import { createServer } from 'http';
import type { AddressInfo } from 'net';

import { ensureOwner } from '../../scripts/n8nRuntime/owner';
import { n8nIsReady } from '../../scripts/n8nRuntime/readiness';

type Phase = 'startingUpPage' | 'routesMissing' | 'ready';

let phase: Phase;
let ownerExists: boolean;
const server = createServer((request, response) => {
	const html = (status: number, body: string) =>
		response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
	const json = (status: number, body: unknown) =>
		response
			.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
			.end(JSON.stringify(body));
	if (phase === 'startingUpPage') return html(200, 'n8n is starting up. Please wait');
	if (phase === 'routesMissing') return html(404, '<!DOCTYPE html><title>Error</title>');
	if (request.url === '/rest/settings') return json(200, { data: { settingsMode: 'public' } });
	if (request.url === '/rest/owner/setup' && request.method === 'POST') {
		if (ownerExists) return json(400, { code: 400, message: 'Instance owner already setup' });
		ownerExists = true;
		return json(200, { data: { id: 'owner' } });
	}
	if (request.url === '/') return html(200, '<!DOCTYPE html><html></html>');
	return html(404, 'not found');
});
let baseUrl: string;

beforeAll(async () => {
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => await new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
	ownerExists = false;
});

describe('a starting n8n', () => {
	it('is not ready while it shows its "starting up" page, though every path answers 200', async () => {
		phase = 'startingUpPage';
		expect(await n8nIsReady(baseUrl)).toBe(false);
	});

	it('is not ready in the window where its routes answer 404', async () => {
		phase = 'routesMissing';
		expect(await n8nIsReady(baseUrl)).toBe(false);
	});

	it('is ready once the REST API answers JSON and the editor answers', async () => {
		phase = 'ready';
		expect(await n8nIsReady(baseUrl)).toBe(true);
	});

	it('is not ready when nothing listens yet', async () => {
		expect(await n8nIsReady('http://127.0.0.1:1')).toBe(false);
	});
});

describe('the owner setup', () => {
	it('does not take the "starting up" page for a created owner', async () => {
		phase = 'startingUpPage';
		await expect(ensureOwner(baseUrl)).rejects.toThrow(
			'Owner setup failed (HTTP 200): n8n is starting up',
		);
	});

	it('creates the owner once, and finds it on a later start', async () => {
		phase = 'ready';
		expect(await ensureOwner(baseUrl)).toBe('created');
		expect(await ensureOwner(baseUrl)).toBe('existing');
	});
});
