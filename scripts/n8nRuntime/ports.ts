/** Whether a port is free before a server is started on it, so the message can say who holds it. */
import { createServer } from 'net';

export async function isPortFree(host: string, port: number): Promise<boolean> {
	return await new Promise((resolvePromise) => {
		const probe = createServer();
		probe.once('error', () => resolvePromise(false));
		probe.listen(port, host, () => probe.close(() => resolvePromise(true)));
	});
}
