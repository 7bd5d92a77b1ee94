/**
 * A CPU profile of another process's main thread while some work runs (a real n8n answering
 * callbacks). The process must have been started with `--inspect-port=<host:port>`: SIGUSR1 then
 * opens its inspector there, and the profile is taken over the inspector's WebSocket (Node 22 and
 * later have a WebSocket client built in; `npm run bench` runs on the Node 24 of the dev
 * dependencies).
 */
import type { Profile } from './cpuProfile';

interface MinimalWebSocket {
	addEventListener(event: 'open' | 'error' | 'close', listener: () => void): void;
	addEventListener(event: 'message', listener: (message: { data: unknown }) => void): void;
	send(data: string): void;
	close(): void;
}

type WebSocketConstructor = new (url: string) => MinimalWebSocket;

/** Opens the inspector of `pid` and returns its WebSocket address, waiting at most 10 s for it. */
async function openInspector(pid: number, host: string, port: number): Promise<string> {
	process.kill(pid, 'SIGUSR1');
	const deadline = Date.now() + 10_000;
	for (;;) {
		try {
			const targets = (await (await fetch(`http://${host}:${port}/json/list`)).json()) as Array<{
				webSocketDebuggerUrl?: string;
			}>;
			const url = targets[0]?.webSocketDebuggerUrl;
			if (url) return url;
		} catch {
			// not listening yet
		}
		if (Date.now() > deadline)
			throw new Error(
				`process ${pid} opened no inspector on ${host}:${port} (was it started with --inspect-port?)`,
			);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

export async function profiledProcess(
	pid: number,
	host: string,
	port: number,
	work: () => Promise<unknown>,
): Promise<Profile> {
	const WebSocketClient = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
	if (!WebSocketClient)
		throw new Error(`Node ${process.version} has no WebSocket client: run on Node 22 or later`);
	const socket = new WebSocketClient(await openInspector(pid, host, port));
	await new Promise<void>((resolve, reject) => {
		socket.addEventListener('open', () => resolve());
		socket.addEventListener('error', () =>
			reject(new Error(`no connection to ${pid}'s inspector`)),
		);
	});
	const pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
	socket.addEventListener('message', ({ data }) => {
		const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
		if (message.id !== undefined) pending.get(message.id)?.resolve(message.result);
	});
	// A process that ends (or closes its inspector) answers nothing more: no call waits forever.
	socket.addEventListener('close', () => {
		for (const call of pending.values()) call.reject(new Error(`${pid}'s inspector closed`));
	});
	let lastId = 0;
	const call = async <T>(method: string): Promise<T> =>
		await new Promise<T>((resolve, reject) => {
			const id = ++lastId;
			pending.set(id, { resolve: (result) => resolve(result as T), reject });
			socket.send(JSON.stringify({ id, method }));
		});
	try {
		await call('Profiler.enable');
		await call('Profiler.start');
		await work();
		return (await call<{ profile: Profile }>('Profiler.stop')).profile;
	} finally {
		socket.close();
	}
}
