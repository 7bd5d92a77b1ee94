/**
 * The reads a check of the service makes (askBeforeUnknown.ts), sent through the transport as any
 * safe read is (retried on 429, 5xx and network errors); a paged list is read whole, as Transfer →
 * Get Many reads it.
 */
import { readAllPages } from './allPages';
import type { ServiceRead } from '../terms/serviceCheck';

export function serviceReader(
	one: (path: string) => Promise<unknown>,
	baseUrl: string,
): ServiceRead {
	return {
		one,
		list: async (firstPath) =>
			await readAllPages({
				baseUrl,
				firstPath,
				what: `the list at ${firstPath}`,
				read: one,
				// askBeforeUnknown.ts turns any failure into "the service could not be read (…)".
				fail: (message, description) => new Error(`${message}: ${description}`),
			}),
	};
}
