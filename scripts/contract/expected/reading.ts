/**
 * The two readings of the service the node is built for (docs/SERVICE.md): the spec's shapes and
 * the shapes the service's real clients see, the sandbox's `spec` and `observed` profiles. An
 * expected answer is an example of the body in one reading; its values only give the types. A list
 * of one entry stands for a list of such entries, a list of several for entries in that order.
 */
export type Reading = 'spec' | 'observed';

export const READINGS: readonly Reading[] = ['spec', 'observed'];

export interface ExpectedAnswer {
	/** How many times the body is encoded as JSON: 2 for JSON inside a JSON string. */
	layers: number;
	example: unknown;
}

export type Expected = Record<Reading, ExpectedAnswer>;

/** JSON encoded once, as most answers are. */
export function once(example: unknown): ExpectedAnswer {
	return { layers: 1, example };
}

/** The same answer in both readings. */
export function inBoth(answer: ExpectedAnswer): Expected {
	return { spec: answer, observed: answer };
}
