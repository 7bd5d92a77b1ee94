/** A loopback HTTP server that records the callbacks the sandbox sends, for tests. */
import { createServer } from 'http';
import type { AddressInfo } from 'net';

export interface ReceivedCallback {
	path: string;
	contentType: string;
	text: string;
}

export interface CallbackReceiver {
	url: string;
	received: ReceivedCallback[];
	/** Resolves when `count` callbacks have arrived (or rejects after `timeoutMs`). */
	waitFor(count: number, timeoutMs?: number): Promise<ReceivedCallback[]>;
	close(): Promise<void>;
}

export async function startCallbackReceiver(): Promise<CallbackReceiver> {
	const received: ReceivedCallback[] = [];
	const server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			received.push({
				path: request.url ?? '',
				contentType: String(request.headers['content-type'] ?? ''),
				text: Buffer.concat(chunks).toString(),
			});
			response.end('ok');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
	return {
		url,
		received,
		async waitFor(count, timeoutMs = 3000) {
			const deadline = Date.now() + timeoutMs;
			while (received.length < count) {
				if (Date.now() > deadline)
					throw new Error(`expected ${count} callbacks, got ${received.length}`);
				await new Promise((resolve) => setTimeout(resolve, 10));
			}
			return received;
		},
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/**
 * The usual life of a receiver in a test file: started before the first test, emptied before every
 * test, closed after the last.
 */
export function useCallbackReceiverPerFile(onStarted: (receiver: CallbackReceiver) => void): void {
	let started: CallbackReceiver | undefined;
	beforeAll(async () => {
		started = await startCallbackReceiver();
		onStarted(started);
	});
	afterAll(async () => await started?.close());
	beforeEach(() => {
		if (started) started.received.length = 0;
	});
}
