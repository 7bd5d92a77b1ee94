/**
 * An item that ends before its operation does: one of its requests was sent before (by an earlier
 * execution, or by this one, its answer lost and the service showing it went through). That is no
 * failure, so nothing is thrown through the operation: the transport returns it, the request the
 * operation awaits never settles (the operation goes no further, as it would after a refusal), and
 * the item leaves with what the transport said.
 */
import type { PayRequest, RequestResult, SentBefore } from '../../shared/transport';

export interface ItemEnding {
	/** The operation's request function: the service's answer, or the item ends here. */
	requests: (request: PayRequest) => Promise<unknown>;
	/** The operation's output, or the earlier send the item ended on, whichever comes first. */
	outcome<Output>(
		operation: Promise<Output>,
	): Promise<{ output: Output } | { sentBefore: SentBefore }>;
}

export function itemEnding(send: (request: PayRequest) => Promise<RequestResult>): ItemEnding {
	let end: (sentBefore: SentBefore) => void = () => undefined;
	const ended = new Promise<SentBefore>((resolve) => (end = resolve));
	return {
		requests: async (request) => {
			const result = await send(request);
			if ('answer' in result) return result.answer;
			end(result.sentBefore);
			return await new Promise<never>(() => undefined);
		},
		outcome: async (operation) =>
			await Promise.race([
				operation.then((output) => ({ output })),
				ended.then((sentBefore) => ({ sentBefore })),
			]),
	};
}
