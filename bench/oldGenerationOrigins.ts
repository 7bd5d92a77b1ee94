/**
 * Where the memory that reaches V8's old generation is allocated, by origin (this package, axios,
 * Node's http, n8n). The memory peak of a fast batch is garbage in the old generation that waits
 * for a full collection; this shows whose garbage it is. It uses V8's sampling heap profiler with
 * the objects freed by full collections kept in the profile, so a sample counts if it survived the
 * young generation (still alive at the end, or freed only by a full collection).
 */
import { Session } from 'inspector';

export type AllocationOrigin =
	'this package' | 'axios' | "Node's http, net and streams" | 'n8n-core' | 'n8n-workflow' | 'other';

/**
 * One sample every 4 KB allocated on average: fine enough for 10,000 requests, cheap enough to run.
 */
const SAMPLING_INTERVAL_BYTES = 4096;

export function originOf(scriptUrl: string): AllocationOrigin {
	if (/\/dist\/(nodes|credentials)\//.test(scriptUrl)) return 'this package';
	if (/node_modules\/(axios|follow-redirects|end-of-stream)\//.test(scriptUrl)) return 'axios';
	if (scriptUrl.startsWith('node:')) return "Node's http, net and streams";
	if (scriptUrl.includes('node_modules/n8n-core/')) return 'n8n-core';
	if (/node_modules\/(n8n-workflow|luxon)\//.test(scriptUrl)) return 'n8n-workflow';
	return 'other';
}

interface SamplingNode {
	callFrame: { url: string };
	selfSize: number;
	children: SamplingNode[];
}

function post<T>(session: Session, method: string, params: object = {}): Promise<T> {
	return new Promise((resolve, reject) =>
		session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))),
	);
}

export async function oldGenerationOrigins<T>(
	work: () => Promise<T>,
): Promise<{ bytesByOrigin: Partial<Record<AllocationOrigin, number>>; result: T }> {
	const session = new Session();
	session.connect();
	try {
		await post(session, 'HeapProfiler.startSampling', {
			samplingInterval: SAMPLING_INTERVAL_BYTES,
			includeObjectsCollectedByMajorGC: true,
		});
		const result = await work();
		const { profile } = await post<{ profile: { head: SamplingNode } }>(
			session,
			'HeapProfiler.getSamplingProfile',
		);
		await post(session, 'HeapProfiler.stopSampling');
		const bytesByOrigin: Partial<Record<AllocationOrigin, number>> = {};
		const pending = [profile.head];
		for (let node = pending.pop(); node; node = pending.pop()) {
			const origin = originOf(node.callFrame.url);
			bytesByOrigin[origin] = (bytesByOrigin[origin] ?? 0) + node.selfSize;
			pending.push(...node.children);
		}
		return { bytesByOrigin, result };
	} finally {
		session.disconnect();
	}
}
